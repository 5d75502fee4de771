/*
 * ceilings.h - the machine's own ceilings (make ceilings): microbenchmarks written to
 * ceilings.csv in the model's --hw format (quantity, value, unit, how, then the timing's columns:
 * ceilings-int.h), each the SUSTAINED value (the median after 1 s of the microbenchmark itself)
 * with its SM clock and board power, the burst value (best of 10 after 3 launches) beside it:
 * DRAM copy, L2 and shared-memory bandwidth, FMA peaks in fp64, fp32 and fp16x2 (the fermi
 * paper's Table 1 on today's GPU), dense tensor-core peaks for every MMA shape the kernels use,
 * sparse tensor-core peaks (dense-equivalent FLOP/s), and the fermi paper's microbenchmarks
 * (profiling/fermi-bench.cu: its Table 1 rows fermi_*, and its Figure 4 curve, the time of a load
 * and a store against the FLOPs between them, in latency-hiding.csv). With counters available, each tensor
 * microbenchmark is also profiled once and counters-calibration.csv records what the tensor
 * counters count against the exactly known work. Every model column of a measured run uses
 * these ceilings.
 */
#ifndef CEILINGS_H
#define CEILINGS_H

#include <stddef.h>

/* Write DIR/ceilings.csv, DIR/latency-hiding.csv and (counters allowed) DIR/counters-calibration.csv.
 * quick: shorter runs for smoke tests. 0 on success. */
int ceilings_run(const char *dir, int quick, int use_counters);
/* the ceilings' protocol sentence for meta.csv: protocol.h's protocol_ceilings_text */

#endif
