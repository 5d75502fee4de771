/*
 * counters.cu - CUPTI Range Profiler: check metrics on the chip, build the config image, profile
 * one launch with kernel replay, evaluate the metrics (named in counter-metrics.c). See counters.h.
 */
#include "counters.h"
#include "gpu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vector>

#include <cuda.h>
#include <cuda_runtime.h>
#include <cupti_profiler_host.h>
#include <cupti_profiler_target.h>
#include <cupti_range_profiler.h>
#include <cupti_target.h>

static struct {
	int ready;
	CUcontext ctx;
	CUpti_Profiler_Host_Object *host;
	std::vector<uint8_t> config, data;
	CUpti_RangeProfiler_Object *rp;
	size_t passes;
	int settled;        /* a first range was profiled and discarded (counters_measure) */
} S;

static int fail(CUptiResult r, const char *what, char *why, size_t len)
{
	const char *s = NULL;
	cuptiGetResultString(r, &s);
	snprintf(why, len, "CUPTI %s failed: %s", what, s ? s : "unknown error");
	return -1;
}

#define TRY(call, what) do { CUptiResult r_ = (call); if (r_ != CUPTI_SUCCESS) \
		return fail(r_, what, why, len); } while (0)

int counters_init(char *why, size_t len)
{
	int dev;
	if (S.ready)
		return 0;
	/* the driver's cuCtxGetCurrent through the runtime, so that nothing links libcuda and the
	 * binary still starts (and says "no CUDA device visible") on a machine without a driver */
	CUresult (*get_ctx)(CUcontext *) = NULL;
	cudaDriverEntryPointQueryResult q;
	if (cudaGetDevice(&dev) != cudaSuccess || cudaFree(0) != cudaSuccess ||
	    cudaGetDriverEntryPointByVersion("cuCtxGetCurrent", (void **)&get_ctx, 12000,
					     cudaEnableDefault, &q) != cudaSuccess || !get_ctx ||
	    get_ctx(&S.ctx) != CUDA_SUCCESS || !S.ctx) {
		snprintf(why, len, "no CUDA context");
		return -1;
	}
	CUpti_Profiler_Initialize_Params init = { CUpti_Profiler_Initialize_Params_STRUCT_SIZE };
	TRY(cuptiProfilerInitialize(&init), "profiler initialisation");

	CUpti_Device_GetChipName_Params chip = { CUpti_Device_GetChipName_Params_STRUCT_SIZE };
	chip.deviceIndex = (size_t)dev;
	TRY(cuptiDeviceGetChipName(&chip), "chip name");

	CUpti_Profiler_GetCounterAvailability_Params avail = {
		CUpti_Profiler_GetCounterAvailability_Params_STRUCT_SIZE };
	avail.ctx = S.ctx;
	TRY(cuptiProfilerGetCounterAvailability(&avail), "counter availability size");
	std::vector<uint8_t> image(avail.counterAvailabilityImageSize);
	avail.pCounterAvailabilityImage = image.data();
	TRY(cuptiProfilerGetCounterAvailability(&avail), "counter availability");

	CUpti_Profiler_Host_Initialize_Params hi = { CUpti_Profiler_Host_Initialize_Params_STRUCT_SIZE };
	hi.profilerType = CUPTI_PROFILER_TYPE_RANGE_PROFILER;
	hi.pChipName = chip.pChipName;
	hi.pCounterAvailabilityImage = image.data();
	TRY(cuptiProfilerHostInitialize(&hi), "host initialisation");
	S.host = hi.pHostObject;

	/* every name must exist on this chip: an unknown one is a bug, so it is fatal */
	for (int i = 0; i < CTR_COUNT; i++) {
		CUpti_Profiler_Host_GetMetricProperties_Params mp = {
			CUpti_Profiler_Host_GetMetricProperties_Params_STRUCT_SIZE };
		mp.pHostObject = S.host;
		mp.pMetricName = counter_metrics[i];
		if (cuptiProfilerHostGetMetricProperties(&mp) != CUPTI_SUCCESS) {
			fprintf(stderr, "stencilbench: error: metric '%s' is unknown on chip %s\n",
				counter_metrics[i], chip.pChipName);
			exit(EXIT_ERROR);
		}
	}
	CUpti_Profiler_Host_ConfigAddMetrics_Params add = {
		CUpti_Profiler_Host_ConfigAddMetrics_Params_STRUCT_SIZE };
	add.pHostObject = S.host;
	add.ppMetricNames = (const char **)counter_metrics;
	add.numMetrics = CTR_COUNT;
	TRY(cuptiProfilerHostConfigAddMetrics(&add), "adding metrics");
	CUpti_Profiler_Host_GetConfigImageSize_Params cs = {
		CUpti_Profiler_Host_GetConfigImageSize_Params_STRUCT_SIZE };
	cs.pHostObject = S.host;
	TRY(cuptiProfilerHostGetConfigImageSize(&cs), "config image size");
	S.config.resize(cs.configImageSize);
	CUpti_Profiler_Host_GetConfigImage_Params ci = {
		CUpti_Profiler_Host_GetConfigImage_Params_STRUCT_SIZE };
	ci.pHostObject = S.host;
	ci.configImageSize = S.config.size();
	ci.pConfigImage = S.config.data();
	TRY(cuptiProfilerHostGetConfigImage(&ci), "config image");
	CUpti_Profiler_Host_GetNumOfPasses_Params np = {
		CUpti_Profiler_Host_GetNumOfPasses_Params_STRUCT_SIZE };
	np.configImageSize = S.config.size();
	np.pConfigImage = S.config.data();
	TRY(cuptiProfilerHostGetNumOfPasses(&np), "pass count");
	S.passes = np.numOfPasses;

	CUpti_RangeProfiler_Enable_Params en = { CUpti_RangeProfiler_Enable_Params_STRUCT_SIZE };
	en.ctx = S.ctx;
	TRY(cuptiRangeProfilerEnable(&en), "range profiler enable");
	S.rp = en.pRangeProfilerObject;

	CUpti_RangeProfiler_GetCounterDataSize_Params ds = {
		CUpti_RangeProfiler_GetCounterDataSize_Params_STRUCT_SIZE };
	ds.pRangeProfilerObject = S.rp;
	ds.pMetricNames = (const char **)counter_metrics;
	ds.numMetrics = CTR_COUNT;
	ds.maxNumOfRanges = CTR_MAX_KERNELS;
	ds.maxNumRangeTreeNodes = CTR_MAX_KERNELS;
	TRY(cuptiRangeProfilerGetCounterDataSize(&ds), "counter data size");
	S.data.resize(ds.counterDataSize);
	S.ready = 1;
	return 0;
}

static int measure_once(void (*prepare)(void *ctx), void (*launch)(void *ctx), void *ctx,
			double *values, char *why, size_t len)
{
	if (!S.ready) {
		snprintf(why, len, "counters not initialised");
		return -1;
	}
	CUpti_RangeProfiler_CounterDataImage_Initialize_Params di = {
		CUpti_RangeProfiler_CounterDataImage_Initialize_Params_STRUCT_SIZE };
	di.pRangeProfilerObject = S.rp;
	di.counterDataSize = S.data.size();
	di.pCounterData = S.data.data();
	TRY(cuptiRangeProfilerCounterDataImageInitialize(&di), "counter data initialisation");

	CUpti_RangeProfiler_SetConfig_Params sc = { CUpti_RangeProfiler_SetConfig_Params_STRUCT_SIZE };
	sc.pRangeProfilerObject = S.rp;
	sc.configSize = S.config.size();
	sc.pConfig = S.config.data();
	sc.counterDataImageSize = S.data.size();
	sc.pCounterDataImage = S.data.data();
	sc.range = CUPTI_AutoRange;
	sc.replayMode = CUPTI_UserReplay;
	sc.maxRangesPerPass = CTR_MAX_KERNELS;
	sc.numNestingLevels = 1;
	sc.minNestingLevel = 1;
	sc.passIndex = 0;
	sc.targetNestingLevel = 1;
	TRY(cuptiRangeProfilerSetConfig(&sc), "set config");

	/* one launch per pass, each after prepare(): the same state every pass */
	int all = 0;
	for (size_t pass = 0; pass < S.passes + 8 && !all; pass++) {
		if (prepare)
			prepare(ctx);
		if (cudaDeviceSynchronize() != cudaSuccess) {
			snprintf(why, len, "preparing pass %zu failed", pass);
			return -1;
		}
		CUpti_RangeProfiler_Start_Params st = { CUpti_RangeProfiler_Start_Params_STRUCT_SIZE };
		st.pRangeProfilerObject = S.rp;
		TRY(cuptiRangeProfilerStart(&st), "start");
		launch(ctx);
		if (cudaDeviceSynchronize() != cudaSuccess) {
			snprintf(why, len, "the profiled launch failed");
			return -1;
		}
		CUpti_RangeProfiler_Stop_Params sp = { CUpti_RangeProfiler_Stop_Params_STRUCT_SIZE };
		sp.pRangeProfilerObject = S.rp;
		TRY(cuptiRangeProfilerStop(&sp), "stop");
		all = sp.isAllPassSubmitted;
	}
	if (!all) {
		snprintf(why, len, "user replay did not complete the %zu passes", S.passes);
		return -1;
	}
	CUpti_RangeProfiler_DecodeData_Params dd = { CUpti_RangeProfiler_DecodeData_Params_STRUCT_SIZE };
	dd.pRangeProfilerObject = S.rp;
	TRY(cuptiRangeProfilerDecodeData(&dd), "decode");

	CUpti_RangeProfiler_GetCounterDataInfo_Params info = {
		CUpti_RangeProfiler_GetCounterDataInfo_Params_STRUCT_SIZE };
	info.pCounterDataImage = S.data.data();
	info.counterDataImageSize = S.data.size();
	TRY(cuptiRangeProfilerGetCounterDataInfo(&info), "counter data info");
	if (info.numTotalRanges < 1) {
		snprintf(why, len, "no kernel was profiled");
		return -1;
	}
	/* a library call may launch several kernels: one range each, summed (every metric here is
	 * a sum, durations included) */
	for (int i = 0; i < CTR_COUNT; i++)
		values[i] = 0;
	for (size_t k = 0; k < info.numTotalRanges; k++) {
		double v[CTR_COUNT];
		CUpti_Profiler_Host_EvaluateToGpuValues_Params ev = {
			CUpti_Profiler_Host_EvaluateToGpuValues_Params_STRUCT_SIZE };
		ev.pHostObject = S.host;
		ev.pCounterDataImage = S.data.data();
		ev.counterDataImageSize = S.data.size();
		ev.rangeIndex = k;
		ev.ppMetricNames = (const char **)counter_metrics;
		ev.numMetrics = CTR_COUNT;
		ev.pMetricValues = v;
		TRY(cuptiProfilerHostEvaluateToGpuValues(&ev), "evaluation");
		for (int i = 0; i < CTR_COUNT; i++)
			values[i] += v[i];
	}
	return 0;
}

/*
 * The first range after the profiler starts is profiled twice and the first result discarded: on
 * an H200 the first range of a process counted 20.6 MB more DRAM writes than the same range later,
 * whatever the problem size (every target's first row alike).
 */
int counters_measure(void (*prepare)(void *ctx), void (*launch)(void *ctx), void *ctx,
		     double *values, char *why, size_t len)
{
	if (S.ready && !S.settled) {
		if (measure_once(prepare, launch, ctx, values, why, len) != 0)
			return -1;
		S.settled = 1;
	}
	return measure_once(prepare, launch, ctx, values, why, len);
}

void counters_shutdown(void)
{
	if (!S.ready)
		return;
	CUpti_RangeProfiler_Disable_Params d = { CUpti_RangeProfiler_Disable_Params_STRUCT_SIZE };
	d.pRangeProfilerObject = S.rp;
	cuptiRangeProfilerDisable(&d);
	CUpti_Profiler_Host_Deinitialize_Params hd = { CUpti_Profiler_Host_Deinitialize_Params_STRUCT_SIZE };
	hd.pHostObject = S.host;
	cuptiProfilerHostDeinitialize(&hd);
	CUpti_Profiler_DeInitialize_Params pd = { CUpti_Profiler_DeInitialize_Params_STRUCT_SIZE };
	cuptiProfilerDeInitialize(&pd);
	S.ready = 0;
	S.settled = 0;
}
