/*
 * test_node.c - a reproduction at the speed of its node (make reference GPUS=, make reproduce
 * GPUS=): the host's cores shared among its runners (scripts/planner/cpushare.h) on fake hosts; the queue
 * (scripts/planner/queue.h): a configuration two lists measure under one protocol planned once and gathered
 * back into both with each list's labels, chunks cut at the cost limit and numbered longest first,
 * the estimate the measured costs shared over N workers; a row's phases adding up to its wall time
 * (profiling/runcsv.h), and the run-time table of a run (stencil-render run-time).
 */
#define _XOPEN_SOURCE 700
#include "tests.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cpushare.h"
#include "csvio.h"
#include "queue.h"
#include "runcsv.h"
#include "runs.h"

static struct cpu_host host_of(int cores, double quota, long slurm)
{
	struct cpu_host h;
	memset(&h, 0, sizeof(h));
	for (int c = 0; c < cores; c++)
		h.allowed.cpu[h.allowed.n++] = c;
	h.quota = quota, h.slurm = slurm;
	return h;
}

/* N runners on a host of C cores: each its share, disjoint, together the whole budget */
static void test_share_split(void **state)
{
	(void)state;
	static const int cases[][2] = { { 64, 4 }, { 32, 2 }, { 16, 1 }, { 64, 3 }, { 8, 8 } };
	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		const int cores = cases[k][0], n = cases[k][1];
		struct cpu_host h = host_of(cores, 0, 0);
		int used[1024] = { 0 };
		for (int i = 0; i < n; i++) {
			struct cpu_share s;
			assert_int_equal(cpu_share_plan(&h, n, i, NULL, &s), 0);
			assert_int_equal(s.budget, cores);
			assert_int_equal(s.threads, cores / n);
			assert_int_equal(s.cores.n, cores / n);
			for (int c = 0; c < s.cores.n; c++)
				if (used[s.cores.cpu[c]]++)
					fail_msg("%d runners on %d cores: core %d given twice", n, cores, s.cores.cpu[c]);
		}
	}
}

/* the quota and SLURM_CPUS_PER_TASK cap the budget; more runners than cores share them */
static void test_share_caps(void **state)
{
	(void)state;
	struct cpu_share s;
	struct cpu_host h = host_of(64, 8.5, 0);
	assert_int_equal(cpu_share_plan(&h, 2, 1, NULL, &s), 0);
	assert_int_equal(s.budget, 8);
	assert_int_equal(s.threads, 4);
	assert_int_equal(s.cores.cpu[0], 4);
	h = host_of(64, 0, 6);
	assert_int_equal(cpu_share_plan(&h, 4, 3, NULL, &s), 0);
	assert_int_equal(s.budget, 6);
	assert_int_equal(s.threads, 1);
	h = host_of(64, 0.5, 0);
	assert_int_equal(cpu_share_plan(&h, 1, 0, NULL, &s), 0);
	assert_int_equal(s.threads, 1);
	h = host_of(2, 0, 0);
	assert_int_equal(cpu_share_plan(&h, 4, 3, NULL, &s), 0);
	assert_int_equal(s.threads, 1);
	assert_int_equal(s.cores.cpu[0], 1);   /* round the allowed list: runner 3 of 4 on core 3 % 2 */
	assert_int_equal(cpu_share_plan(&h, 4, 4, NULL, &s), -1);
	h.allowed.n = 0;
	assert_int_equal(cpu_share_plan(&h, 1, 0, NULL, &s), -1);
}

/* each runner takes the cores near its GPU first: two sockets, GPUs 0 and 1 on the second */
static void test_share_near(void **state)
{
	(void)state;
	struct cpu_host h = host_of(32, 0, 0);
	struct cpu_list near[2];
	struct cpu_share s0, s1;
	char buf[128];
	assert_int_equal(cpu_list_parse("16-31", &near[0]), 0);
	assert_int_equal(cpu_list_parse("16-31\n", &near[1]), 0);
	assert_int_equal(cpu_share_plan(&h, 2, 0, near, &s0), 0);
	assert_int_equal(cpu_share_plan(&h, 2, 1, near, &s1), 0);
	cpu_list_format(&s0.cores, buf, sizeof(buf));
	assert_string_equal(buf, "16-31");
	assert_int_equal(s0.near, 16);
	cpu_list_format(&s1.cores, buf, sizeof(buf));   /* the near cores taken: the rest */
	assert_string_equal(buf, "0-15");
	assert_int_equal(s1.near, 0);
	cpu_share_text(&h, &s1, buf, sizeof(buf));
	assert_string_equal(buf, "2/2 of a budget of 32 (affinity 32, quota none, slurm none); 16 cores, 0 near its GPU");
}

static void test_cpu_lists(void **state)
{
	(void)state;
	struct cpu_list l;
	char buf[64];
	assert_int_equal(cpu_list_parse("0-3,8,10-11", &l), 0);
	assert_int_equal(l.n, 7);
	cpu_list_format(&l, buf, sizeof(buf));
	assert_string_equal(buf, "0-3,8,10-11");
	assert_int_equal(cpu_list_parse("5,1-2", &l), 0);
	cpu_list_format(&l, buf, sizeof(buf));
	assert_string_equal(buf, "1-2,5");
	static const char *const bad[] = { "a", "3-1", "1-", "1,,2", "-4", "2048", NULL };
	for (const char *const *b = bad; *b; b++)
		if (cpu_list_parse(*b, &l) == 0)
			fail_msg("cpulist '%s' taken", *b);
	assert_near(cpu_quota_parse("max 100000\n"), 0, 0);
	assert_near(cpu_quota_parse("150000 100000"), 1.5, 1e-12);
	assert_near(cpu_quota_parse("x 100000"), -1, 0);
	assert_near(cpu_quota_parse("100000"), -1, 0);
}

/* ---- the queue ---------------------------------------------------------------------------------- */

/* two lists sharing a configuration (its labels differ), a third listing it without counters, and a
 * cost run holding measured costs for some of them */
static const char *queue_fixture(char *lists, char *cost)
{
	const char *d = temp_dir();
	char p[600];
	snprintf(lists, 512, "%s/experiments", d);
	snprintf(cost, 512, "%s/cost", d);
	snprintf(p, sizeof(p), "mkdir -p '%s' '%s'", lists, cost);
	assert_int_equal(system(p), 0);
	snprintf(p, sizeof(p), "%s/a.csv", lists);
	put_file(p, "# a\nstencil,dtype,method,fusion,size,label\n"
		    "box2d1r,fp64,naive,1,1000x1000,a one\nbox2d1r,fp32,naive,1,1000x1000,a two\n"
		    "box2d2r,fp32,naive,1,1000x1000,a three\n");
	snprintf(p, sizeof(p), "%s/b.csv", lists);
	put_file(p, "stencil,dtype,method,fusion,size,label\nbox2d2r,fp32,naive,1,1000x1000,b shared\n"
		    "box3d1r,fp32,naive,1,100x100x100,b own\n");
	snprintf(p, sizeof(p), "%s/c.csv", lists);
	put_file(p, "stencil,dtype,method,fusion,size,label\nbox2d2r,fp32,naive,1,1000x1000,c other flags\n");
	snprintf(p, sizeof(p), "%s/old.csv", cost);
	put_file(p, "stencil,dtype,method,fusion,size,label,row_wall_s\nbox2d1r,fp64,naive,1,1000x1000,,40\n"
		    "box2d1r,fp32,naive,1,1000x1000,,30\nbox2d2r,fp32,naive,1,1000x1000,,10\n"
		    "box2d2r,fp32,naive,1,1000x1000,again,20\n");
	snprintf(p, sizeof(p), "%s/meta.csv", cost);
	put_file(p, "run_id,tool,date_utc\n20261125T235930Z-1,stencilbench ceilings,2026-11-26T00:01:00Z\n"
		    "20261126T000100Z-2,stencilbench run,2026-11-26T00:02:00Z\n");
	return d;
}

static void test_queue_plan(void **state)
{
	(void)state;
	char lists[512], cost[512], q[600], run[600], p[700];
	const char *d = queue_fixture(lists, cost);
	snprintf(q, sizeof(q), "%s/q", d);
	snprintf(run, sizeof(run), "%s/run", d);
	const char *items[] = { "a", "b", "c:--no-counters", "a" };
	struct queue_plan_opts o = { q, run, cost, lists, 5, 60, 0 };
	struct queue_summary s;
	char err[512];
	int bad;
	assert_int_equal(queue_plan(&o, 4, items, &s, &bad, err, sizeof(err)), 0);
	/* a's three and b's own: four configurations; b's first is a's third (once); c's has other flags */
	assert_int_equal(s.lists, 3);
	assert_int_equal(s.configs, 5);
	assert_int_equal(s.shared, 1);
	assert_int_equal(s.measured_costs, 4);   /* 40, 30, 15 (the mean of two rows), c's 15 again */
	assert_near(s.cost_s, 40 + 30 + 15 + 5 + 15, 1e-9);
	/* chunks of at most 60 s, longest first: a's 40 + (30 would pass 60) | a's 30 + 15 | b's 5 | c's 15 */
	assert_int_equal(s.chunks, 4);
	snprintf(p, sizeof(p), "%s/chunks/00001/cost", q);
	assert_string_equal(read_text(p), "45.0\n");
	snprintf(p, sizeof(p), "%s/chunks/00002/cost", q);
	assert_string_equal(read_text(p), "40.0\n");
	snprintf(p, sizeof(p), "%s/chunks/00004/list", q);
	assert_string_equal(read_text(p), "b\n");
	snprintf(p, sizeof(p), "%s/chunks/00003/flags", q);
	assert_string_equal(read_text(p), "--no-counters\n");
	snprintf(p, sizeof(p), "%s/chunks/00001/a.csv", q);
	assert_string_equal(read_text(p), "stencil,dtype,method,fusion,size,label\n"
			    "box2d1r,fp32,naive,1,1000x1000,a two\nbox2d2r,fp32,naive,1,1000x1000,a three\n");
	snprintf(p, sizeof(p), "%s/sources/b", q);
	assert_string_equal(read_text(p), "chunk 00001\nchunk 00004\n");
	snprintf(p, sizeof(p), "%s/lists", q);
	assert_string_equal(read_text(p), "a\nb\nc\n");
	snprintf(p, sizeof(p), "%s/ceilings_s", q);
	assert_string_equal(read_text(p), "90\n");
	/* the estimate: the chunks (45, 40, 15, 5) over two workers, longest first: 45 + 5 and 40 + 15 */
	const char *span[] = { "makespan", q, "2", NULL };
	char out[256], e2[1024];
	assert_int_equal(run_tool("stencil-runs", span, out, sizeof(out), e2, sizeof(e2)), 0);
	assert_string_equal(out, "55 90\n");
	double costs[] = { 45, 40, 15, 5 };
	assert_near(queue_makespan(costs, 4, 1), 105, 1e-12);
	assert_near(queue_makespan(costs, 4, 4), 45, 1e-12);
	/* the same directory again: refused; a list that is not there: bad input, nothing written */
	assert_int_equal(access(q, F_OK), 0);
	const char *again[] = { "queue", q, run, "--lists", lists, "a", NULL };
	assert_int_equal(run_tool("stencil-runs", again, out, sizeof(out), e2, sizeof(e2)), 2);
	const char *missing[] = { "nosuch" };
	snprintf(q, sizeof(q), "%s/q2", d);
	assert_int_equal(queue_plan(&o, 1, missing, &s, &bad, err, sizeof(err)), -1);
	assert_int_equal(bad, 1);
	assert_int_equal(access(q, F_OK), -1);
}

/* chunks by count (CHUNK=); a list complete in the run is not measured, and serves nothing: the
 * row another list shares with it is measured for that list (a CSV deleted is measured again) */
static void test_queue_complete(void **state)
{
	(void)state;
	char lists[512], cost[512], q[600], run[600], p[700];
	const char *d = queue_fixture(lists, cost);
	snprintf(q, sizeof(q), "%s/q", d);
	snprintf(run, sizeof(run), "%s/run", d);
	snprintf(p, sizeof(p), "mkdir -p '%s'", run);
	assert_int_equal(system(p), 0);
	snprintf(p, sizeof(p), "%s/a.csv", run);
	put_file(p, "stencil,dtype,method,fusion,size,label,status\nbox2d1r,fp64,naive,1,1000x1000,a one,ok\n"
		    "box2d1r,fp32,naive,1,1000x1000,a two,ok\nbox2d2r,fp32,naive,1,1000x1000,a three,ok\n");
	const char *items[] = { "a", "b" };
	struct queue_plan_opts o = { q, run, NULL, lists, 5, 60, 1 };
	struct queue_summary s;
	char err[512];
	int bad;
	assert_int_equal(queue_plan(&o, 2, items, &s, &bad, err, sizeof(err)), 0);
	assert_int_equal(s.lists, 1);
	assert_int_equal(s.configs, 2);
	assert_int_equal(s.shared, 0);
	assert_int_equal(s.chunks, 2);
	assert_int_equal(s.measured_costs, 0);
	snprintf(p, sizeof(p), "%s/sources/b", q);
	assert_string_equal(read_text(p), "chunk 00001\nchunk 00002\n");
}

/* an SpMV matrix's methods share a process: a list whose group another list holds only in part
 * measures the whole group itself; a group held whole by one list is shared */
static void test_queue_groups(void **state)
{
	(void)state;
	char lists[512], cost[512], q[600], run[600], p[700];
	const char *d = queue_fixture(lists, cost);
	static const char *const head = "workload,dtype,method,size,matrix,label\n";
	static const char *const rows[] = {
		"spmv,fp64,spmv-cusparse,256,poisson2d,\n",
		"spmv,fp64,spmv-cusparse:preprocess,256,poisson2d,\n",
		"spmv,fp64,spmv-dasp,256,poisson2d,\n",
	};
	char text[512], all3[512];
	snprintf(text, sizeof(text), "%s%s%s", head, rows[0], rows[2]);   /* two of the three */
	snprintf(p, sizeof(p), "%s/w1.csv", lists);
	put_file(p, text);
	snprintf(all3, sizeof(all3), "%s%s%s%s", head, rows[0], rows[1], rows[2]);
	snprintf(p, sizeof(p), "%s/w2.csv", lists);
	put_file(p, all3);
	snprintf(text, sizeof(text), "%s%s%s", head, rows[0], rows[2]);
	snprintf(p, sizeof(p), "%s/w3.csv", lists);
	put_file(p, text);
	snprintf(q, sizeof(q), "%s/q", d);
	snprintf(run, sizeof(run), "%s/run", d);
	const char *items[] = { "w1", "w2", "w3" };
	struct queue_plan_opts o = { q, run, NULL, lists, 5, 60, 0 };
	struct queue_summary s;
	char err[512];
	int bad;
	assert_int_equal(queue_plan(&o, 3, items, &s, &bad, err, sizeof(err)), 0);
	assert_int_equal(s.configs, 5);   /* w1's two, w2's three again */
	assert_int_equal(s.shared, 2);    /* w3's two, from w1 */
	assert_int_equal(s.chunks, 2);
	snprintf(p, sizeof(p), "%s/chunks/00001/w2.csv", q);   /* 15 s: the longest */
	assert_string_equal(read_text(p), all3);   /* w2's three, whole */
	snprintf(p, sizeof(p), "%s/sources/w3", q);
	assert_string_equal(read_text(p), "chunk 00002\n");
}

/* a row's block as experiments/targets.csv's block rule names it (re-derived here, apart from the
 * planner's): configuration columns, label-head, label or list */
static void test_block_of(const struct csv_table *t, size_t r, const char *rule, char *out, size_t len)
{
	char words[64], *save = NULL;
	out[0] = '\0';
	snprintf(words, sizeof(words), "%s", rule);
	for (char *w = strtok_r(words, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		const char *label = csv_table_get(t, r, "label");
		const char *v = !strcmp(w, "list") ? "list" : csv_table_get(t, r, !strcmp(w, "label-head") ? "label" : w);
		const size_t n = !strcmp(w, "label-head") && strrchr(label, ' ') ? (size_t)(strrchr(label, ' ') - label)
										 : strlen(v ? v : "");
		snprintf(out + strlen(out), len - strlen(out), "%.*s|", (int)n, v ? v : "");
	}
}

/* Every list of the table of targets planned in one queue, in chunks of a few seconds (the plan a
 * replica of a node gets): every block (experiments/targets.csv's block column: the rows a claim
 * compares) has all its configurations in chunks of one group, which one worker takes whole
 * (scripts/multi-gpu.sh), so no block is split across GPUs within a replica */
static void test_queue_blocks(void **state)
{
	(void)state;
	char err[512], path[1200], q[600];
	struct csv_table tg;
	assert_int_equal(csv_table_read(repo_path("experiments/targets.csv"), &tg, err, sizeof(err)), 0);
	const char *items[64];
	char names[64][96];
	size_t n = 0;
	for (size_t r = 0; r < tg.nrows && n < 64; r++) {   /* every list a rendered target reads */
		char words[256], *save = NULL;
		snprintf(words, sizeof(words), "%s", csv_table_get(&tg, r, "inputs"));
		for (char *w = strtok_r(words, " ", &save); w && n < 64; w = strtok_r(NULL, " ", &save)) {
			snprintf(path, sizeof(path), "%s/%s.csv", repo_path("experiments"), w);
			int seen = access(path, F_OK) != 0;
			for (size_t k = 0; k < n; k++)
				seen |= !strcmp(names[k], w);
			if (!seen)
				snprintf(names[n], sizeof(names[0]), "%s", w), items[n] = names[n], n++;
		}
	}
	const char *d = temp_dir();
	snprintf(q, sizeof(q), "%s/q", d);
	struct queue_plan_opts o = { q, d, NULL, repo_path("experiments"), 2.2, 5, 0 };
	struct queue_summary s;
	int bad, blocks = 0;
	assert_int_equal(queue_plan(&o, (int)n, items, &s, &bad, err, sizeof(err)), 0);
	/* each configuration's chunk group (the chunk CSVs' rows, by configuration key) */
	struct csv_table ch;
	char (*keys)[CONFIG_KEY_MAX] = calloc(8192, sizeof(*keys));
	int *grp = calloc(8192, sizeof(int)), nk = 0;
	for (int c = 1; c <= s.chunks; c++) {
		char list[128] = "";
		snprintf(path, sizeof(path), "%s/chunks/%05d/list", q, c);
		sscanf(read_text(path), "%127s", list);
		snprintf(path, sizeof(path), "%s/chunks/%05d/group", q, c);
		const int g = atoi(read_text(path));
		snprintf(path, sizeof(path), "%s/chunks/%05d/%s.csv", q, c, list);
		assert_int_equal(csv_table_read(path, &ch, err, sizeof(err)), 0);
		for (size_t r = 0; r < ch.nrows && nk < 8192; r++, nk++) {
			assert_int_equal(config_key(&ch, r, keys[nk], sizeof(keys[0]), err, sizeof(err)), 0);
			grp[nk] = g;
		}
		csv_table_free(&ch);
	}
	for (size_t r = 0; r < tg.nrows; r++) {
		const char *rule = csv_table_get(&tg, r, "block");
		char words[256], *save = NULL;
		if (!rule || !*rule)
			continue;
		snprintf(words, sizeof(words), "%s", csv_table_get(&tg, r, "inputs"));
		for (char *w = strtok_r(words, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
			struct csv_table l;
			snprintf(path, sizeof(path), "%s/%s.csv", repo_path("experiments"), w);
			if (access(path, F_OK) != 0)
				continue;
			assert_int_equal(csv_table_read(path, &l, err, sizeof(err)), 0);
			for (size_t a = 0; a < l.nrows; a++) {
				char ba[160], bb[160], ka[CONFIG_KEY_MAX], kb[CONFIG_KEY_MAX];
				test_block_of(&l, a, rule, ba, sizeof(ba));
				assert_int_equal(config_key(&l, a, ka, sizeof(ka), err, sizeof(err)), 0);
				int ga = -1, gb = -1;
				for (int k = 0; k < nk && ga < 0; k++)
					ga = strcmp(keys[k], ka) ? -1 : grp[k];
				for (size_t b = a + 1; b < l.nrows; b++) {
					test_block_of(&l, b, rule, bb, sizeof(bb));
					if (strcmp(ba, bb))
						continue;
					assert_int_equal(config_key(&l, b, kb, sizeof(kb), err, sizeof(err)), 0);
					gb = -1;
					for (int k = 0; k < nk && gb < 0; k++)
						gb = strcmp(keys[k], kb) ? -1 : grp[k];
					if (ga != gb)
						fail_msg("%s: block %s split: %s in group %d, %s in %d", w, ba, ka, ga, kb, gb);
					blocks++;
				}
			}
			csv_table_free(&l);
		}
	}
	assert_true(blocks > 100);   /* the pairs checked: the rule reached the lists */
	free(keys);
	free(grp);
	csv_table_free(&tg);
}

/* a list gathered from the rows measured for it and for another list: its order, its labels */
static void test_gather(void **state)
{
	(void)state;
	char lists[512], cost[512], p[700], in1[700], in2[700], outp[700];
	const char *d = queue_fixture(lists, cost);
	snprintf(in1, sizeof(in1), "%s/from-a.csv", d);
	put_file(in1, "stencil,dtype,method,fusion,size,label,status,row_wall_s\n"
		      "box2d2r,fp32,naive,1,1000x1000,a three,ok,1.5\n");
	snprintf(in2, sizeof(in2), "%s/from-b.csv", d);
	put_file(in2, "stencil,dtype,method,fusion,size,label,row_wall_s,status\n"
		      "box3d1r,fp32,naive,1,100x100x100,b own,2.5,wrong\n");
	snprintf(outp, sizeof(outp), "%s/b.csv", d);
	snprintf(p, sizeof(p), "%s/b.csv", lists);
	const char *g[] = { "gather", outp, p, in2, in1, NULL };
	char out[256], err[1024];
	assert_int_equal(run_tool("stencil-runs", g, out, sizeof(out), err, sizeof(err)), 0);
	assert_string_equal(read_text(outp), "stencil,dtype,method,fusion,size,label,row_wall_s,status\n"
			    "box2d2r,fp32,naive,1,1000x1000,b shared,1.5,ok\n"
			    "box3d1r,fp32,naive,1,100x100x100,b own,2.5,wrong\n");
	/* a configuration no CSV holds: bad input, the earlier file kept */
	const char *short_[] = { "gather", outp, p, in1, NULL };
	assert_int_equal(run_tool("stencil-runs", short_, out, sizeof(out), err, sizeof(err)), 2);
	assert_non_null(strstr(err, "no measured row of box3d1r fp32 naive 1 100x100x100"));
	assert_non_null(strstr(read_text(outp), "b own,2.5,wrong"));
}

/* ---- a row's phases ------------------------------------------------------------------------------ */

static void test_phases(void **state)
{
	(void)state;
	struct protocol_result pr;
	double ph[PHASE_COUNT] = { 0 };
	memset(&pr, 0, sizeof(pr));
	pr.rest_wall_s = 2.0, pr.warmup_s = 1.0, pr.sampling_s = 0.25, pr.retakes_s = 1.1;
	ph[PHASE_SETUP] = 0.3, ph[PHASE_VERIFY] = 0.2, ph[PHASE_COUNTERS] = 0.4, ph[PHASE_SAMPLES] = 0.01;
	ph[PHASE_ORIGINAL] = 0.5;
	run_phases_finish(ph, 6.0, 1, &pr);
	assert_near(ph[PHASE_SAMPLES], 0.26, 1e-12);
	assert_near(ph[PHASE_OTHER], 6.0 - (0.3 + 0.2 + 0.4 + 2.0 + 1.0 + 0.26 + 1.1 + 0.5), 1e-12);
	double sum = 0;
	for (int i = 0; i < PHASE_COUNT; i++)
		sum += ph[i];
	assert_near(sum, 6.0, 1e-12);
	/* not timed: the protocol's parts stay out */
	double un[PHASE_COUNT] = { 0 };
	un[PHASE_SETUP] = 0.5;
	run_phases_finish(un, 0.75, 0, &pr);
	assert_near(un[PHASE_WARMUP], 0, 0);
	assert_near(un[PHASE_OTHER], 0.25, 1e-12);
	assert_string_equal(run_phase_name(PHASE_RETAKES), "retakes");
	assert_string_equal(run_phase_name(PHASE_COUNT), "?");
}

/* every run CSV that records phases: each row's phases add up to its row_wall_s within 5 %, none
 * below zero (the runs measured before the phase columns existed have none) */
static void test_recorded_phases(void **state)
{
	(void)state;
	const char *dir = repo_path("data/runs");
	char cmd[1200], line[1200];
	snprintf(cmd, sizeof(cmd), "ls -d '%s'/*/*.csv '%s'/*/gpus/*/*/*.csv 2>/dev/null", dir, dir);
	FILE *ls = popen(cmd, "r");
	int files = 0;
	assert_non_null(ls);
	while (fgets(line, sizeof(line), ls)) {
		struct csv_table t;
		char err[512];
		line[strcspn(line, "\n")] = '\0';
		if (csv_table_read(line, &t, err, sizeof(err)) != 0 || csv_table_col(&t, "phase_other_s") < 0) {
			if (!err[0] || csv_table_col(&t, "phase_other_s") < 0)
				csv_table_free(&t);
			continue;
		}
		files++;
		for (size_t r = 0; r < t.nrows; r++) {
			double wall, v, sum = 0;
			if (csv_table_num(&t, r, "row_wall_s", &wall, err, sizeof(err)) != 0 || isnan(wall))
				continue;
			for (int i = 0; i < PHASE_COUNT; i++) {
				char col[64];
				snprintf(col, sizeof(col), "phase_%s_s", run_phase_name(i));
				if (csv_table_num(&t, r, col, &v, err, sizeof(err)) != 0)
					fail_msg("%s:%ld: %s", line, t.lines[r], err);
				if (v < -1e-3)
					fail_msg("%s:%ld: %s is %g", line, t.lines[r], col, v);
				sum += v;
			}
			if (fabs(sum - wall) > 0.05 * wall)
				fail_msg("%s:%ld: the phases add up to %.3f s, row_wall_s is %.3f s", line, t.lines[r], sum,
					 wall);
		}
		csv_table_free(&t);
	}
	pclose(ls);
	if (!files)
		test_skip("no recorded run has phase columns yet");
}

/* stencil-render run-time: each list's sums, and the run's rows each once (y's row is x's first,
 * measured once and gathered into both lists: it counts in each list, once in the run's) */
static void test_run_time(void **state)
{
	(void)state;
	const char *d = temp_dir(), *out = temp_dir();
	static const char *const head = "run_id,label,stencil,dtype,method,fusion,size,gpu_uuid,row_wall_s,phase_setup_s,"
		"phase_verify_s,phase_counters_s,phase_rest_s,phase_warmup_s,phase_samples_s,phase_retakes_s,"
		"phase_original_s,phase_other_s\n";
	static const char *const rows[] = {
		"r1,x one,box2d1r,fp32,naive,1,100x100,GPU-a,2,0.5,0.25,0,0,1,0.2,0,0,0.05\n",
		"r2,,box2d1r,fp64,naive,1,100x100,GPU-b,4,1,0.5,0,0,2,0.4,0,0,0.1\n",
		"r2,,box2d1r,fp64,naive,1,200x200,GPU-b,3,1,0.5,0,0,1,0.4,0,0,0.1\n",
		"r1,y shared,box2d1r,fp32,naive,1,100x100,GPU-a,2,0.5,0.25,0,0,1,0.2,0,0,0.05\n",
	};
	char p[700], text[2048];
	snprintf(p, sizeof(p), "%s/x.csv", d);
	snprintf(text, sizeof(text), "%s%s%s%s", head, rows[0], rows[1], rows[2]);
	put_file(p, text);
	snprintf(p, sizeof(p), "%s/y.csv", d);
	snprintf(text, sizeof(text), "%s%s", head, rows[3]);
	put_file(p, text);
	snprintf(p, sizeof(p), "%s/meta.csv", d);
	put_file(p, "run_id,tool,date_utc\n20261126T000000Z-1,stencilbench ceilings,2026-11-26T00:01:30Z\n"
		    "20261126T000130Z-2,stencilbench run,2026-11-26T00:03:20Z\n"
		    "20261126T010000Z-3,stencilbench run,2026-11-26T01:00:50Z\n");   /* a later call */
	const char *args[] = { "run-time", "--run", d, "--outdir", out, NULL };
	char o[256], e[1024];
	assert_int_equal(run_tool("stencil-render", args, o, sizeof(o), e, sizeof(e)), 0);
	snprintf(p, sizeof(p), "%s/run-time.csv", out);
	assert_string_equal(read_text(p), "list,rows,gpus,row_wall_s_sum,row_wall_s_median,phase_setup_s,"
			    "phase_verify_s,phase_counters_s,phase_rest_s,phase_warmup_s,phase_samples_s,"
			    "phase_retakes_s,phase_original_s,phase_other_s\n"
			    "x,3,2,9,3,2.5,1.25,0,0,4,1,0,0,0.25\n"
			    "y,1,1,2,2,0.5,0.25,0,0,1,0.2,0,0,0.05\n"
			    "the run's rows,3,2,9,NA,2.5,1.25,0,0,4,1,0,0,0.25\n");
	snprintf(p, sizeof(p), "%s/run-time.md", out);
	/* the calls' spans, 90 + 110 + 50 s: the hour between the calls is no one's time */
	assert_non_null(strstr(read_text(p), "The run took 250 s of wall time"));
	assert_non_null(strstr(read_text(p), "| the run's rows, each once (250 s of wall time) | 3 | 2 | 9.0 | NA |"));
	const char *none[] = { "run-time", "--outdir", out, NULL }, *nosuch[] = { "run-time", "--run", "/nonexistent",
									     NULL };
	assert_int_equal(run_tool("stencil-render", none, o, sizeof(o), e, sizeof(e)), 2);
	assert_int_equal(run_tool("stencil-render", nosuch, o, sizeof(o), e, sizeof(e)), 2);
	assert_non_null(strstr(e, "'/nonexistent' is not a run directory"));
}

void run_node_tests(struct group_result *r)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_share_split),
		cmocka_unit_test(test_share_caps),
		cmocka_unit_test(test_share_near),
		cmocka_unit_test(test_cpu_lists),
		cmocka_unit_test(test_queue_plan),
		cmocka_unit_test(test_queue_complete),
		cmocka_unit_test(test_queue_groups),
		cmocka_unit_test(test_queue_blocks),
		cmocka_unit_test(test_gather),
		cmocka_unit_test(test_phases),
		cmocka_unit_test(test_recorded_phases),
		cmocka_unit_test(test_run_time),
	};
	RUN_GROUP(r, "node", tests);
}
