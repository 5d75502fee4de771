/*
 * ceilings.h - the machine's own ceilings (make ceilings): microbenchmarks written to
 * ceilings.csv in the model's --hw format (quantity,value,unit,how,median_value,samples):
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

/* Write DIR/ceilings.csv, DIR/latency-hiding.csv and (counters allowed) DIR/counters-calibration.csv.
 * quick: shorter runs for smoke tests. 0 on success. */
int ceilings_run(const char *dir, int quick, int use_counters);

#endif
