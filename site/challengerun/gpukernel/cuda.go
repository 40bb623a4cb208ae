//go:build linux && cgo

package gpukernel

/*
#cgo LDFLAGS: -ldl
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int pg_cu_result;
typedef int pg_cu_device;
typedef void *pg_cu_context;
typedef void *pg_cu_module;
typedef void *pg_cu_function;
typedef unsigned long long pg_cu_ptr;
typedef unsigned long long pg_cu_u64;

// pg_cuda holds the three libraries and the entry points used, resolved with dlsym: the
// prototypes are the documented C APIs (cuda.h, nvrtc.h, cublas_api.h), declared here so
// that nothing of CUDA is needed to build.
typedef struct {
	void *libcuda, *libnvrtc, *libcublas;

	pg_cu_result (*cuInit)(unsigned);
	pg_cu_result (*cuDriverGetVersion)(int *);
	pg_cu_result (*cuDeviceGetCount)(int *);
	pg_cu_result (*cuDeviceGet)(pg_cu_device *, int);
	pg_cu_result (*cuDeviceGetAttribute)(int *, int, pg_cu_device);
	pg_cu_result (*cuDeviceGetPCIBusId)(char *, int, pg_cu_device);
	pg_cu_result (*cuDevicePrimaryCtxRetain)(pg_cu_context *, pg_cu_device);
	pg_cu_result (*cuDevicePrimaryCtxRelease)(pg_cu_device);
	pg_cu_result (*cuCtxSetCurrent)(pg_cu_context);
	pg_cu_result (*cuCtxSynchronize)(void);
	pg_cu_result (*cuModuleLoadData)(pg_cu_module *, const void *);
	pg_cu_result (*cuModuleUnload)(pg_cu_module);
	pg_cu_result (*cuModuleGetFunction)(pg_cu_function *, pg_cu_module, const char *);
	pg_cu_result (*cuMemAlloc)(pg_cu_ptr *, size_t);
	pg_cu_result (*cuMemFree)(pg_cu_ptr);
	pg_cu_result (*cuMemcpyHtoD)(pg_cu_ptr, const void *, size_t);
	pg_cu_result (*cuMemcpyDtoH)(void *, pg_cu_ptr, size_t);
	pg_cu_result (*cuLaunchKernel)(pg_cu_function, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
		unsigned, void *, void **, void **);
	pg_cu_result (*cuGetErrorString)(pg_cu_result, const char **);

	int (*nvrtcCreateProgram)(void **, const char *, const char *, int, const char *const *, const char *const *);
	int (*nvrtcCompileProgram)(void *, int, const char *const *);
	int (*nvrtcGetPTXSize)(void *, size_t *);
	int (*nvrtcGetPTX)(void *, char *);
	int (*nvrtcGetProgramLogSize)(void *, size_t *);
	int (*nvrtcGetProgramLog)(void *, char *);
	int (*nvrtcDestroyProgram)(void **);
	const char *(*nvrtcGetErrorString)(int);

	int (*cublasCreate)(void **);
	int (*cublasDestroy)(void *);
	int (*cublasGemmEx)(void *, int, int, int, int, int, const void *, const void *, int, int, const void *, int, int,
		const void *, void *, int, int, int, int);
} pg_cuda;

// pg_open tries each soname in turn (a NULL-terminated list) and says which were tried.
static void *pg_open(const char *const *names, char *err, size_t errlen)
{
	for (int i = 0; names[i] != NULL; i++) {
		void *h = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
		if (h != NULL)
			return h;
	}
	snprintf(err, errlen, "%s not found (tried", names[0]);
	for (int i = 0; names[i] != NULL; i++) {
		size_t used = strlen(err);
		snprintf(err + used, errlen - used, " %s", names[i]);
	}
	size_t used = strlen(err);
	snprintf(err + used, errlen - used, "; the library search path is the dynamic linker's)");
	return NULL;
}

#define PG_SYM(lib, field, name) do { \
		*(void **)(&c->field) = dlsym(c->lib, name); \
		if (c->field == NULL) { snprintf(err, errlen, "%s has no %s", #lib, name); return -1; } \
	} while (0)

// pg_load_nvrtc opens NVRTC and resolves its entry points, or writes why not: all the
// device code needs to be compiled, which the tests do on machines without a GPU. The
// newest NVRTC whose version (major·1000 + minor·10, as the driver says its own) is at
// most max_version (0: any) is taken: PTX from an NVRTC newer than the driver is refused
// when the module loads. One too new stays loaded (never closed, like the others).
static int pg_load_nvrtc(pg_cuda *c, int max_version, char *err, size_t errlen)
{
	static const char *const names[] = {"libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so.11.2", "libnvrtc.so", NULL};
	int found = 0, newest = 0;
	for (int i = 0; names[i] != NULL && c->libnvrtc == NULL; i++) {
		void *h = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
		if (h == NULL)
			continue;
		found = 1;
		int (*version)(int *, int *) = (int (*)(int *, int *))dlsym(h, "nvrtcVersion");
		int major = 0, minor = 0;
		if (version == NULL || version(&major, &minor) != 0)
			continue;
		int v = major * 1000 + minor * 10;
		if (max_version > 0 && v > max_version) {
			if (v > newest)
				newest = v;
			continue;
		}
		c->libnvrtc = h;
	}
	if (c->libnvrtc == NULL) {
		if (found && newest > 0)
			snprintf(err, errlen, "the NVRTC found (%d.%d) is newer than the CUDA driver (%d.%d): install the NVRTC of the driver's CUDA version or older",
				newest / 1000, (newest % 1000) / 10, max_version / 1000, (max_version % 1000) / 10);
		else if (found)
			snprintf(err, errlen, "NVRTC was found but does not say its version");
		else
			pg_open(names, err, errlen);
		return -1;
	}
	PG_SYM(libnvrtc, nvrtcCreateProgram, "nvrtcCreateProgram");
	PG_SYM(libnvrtc, nvrtcCompileProgram, "nvrtcCompileProgram");
	PG_SYM(libnvrtc, nvrtcGetPTXSize, "nvrtcGetPTXSize");
	PG_SYM(libnvrtc, nvrtcGetPTX, "nvrtcGetPTX");
	PG_SYM(libnvrtc, nvrtcGetProgramLogSize, "nvrtcGetProgramLogSize");
	PG_SYM(libnvrtc, nvrtcGetProgramLog, "nvrtcGetProgramLog");
	PG_SYM(libnvrtc, nvrtcDestroyProgram, "nvrtcDestroyProgram");
	PG_SYM(libnvrtc, nvrtcGetErrorString, "nvrtcGetErrorString");
	return 0;
}

// pg_cuda_load opens the three libraries and resolves every entry point, or writes why not.
// The driver comes first: its version picks the NVRTC.
static int pg_cuda_load(pg_cuda *c, char *err, size_t errlen)
{
	static const char *const cuda[] = {"libcuda.so.1", "libcuda.so", NULL};
	static const char *const cublas[] = {"libcublas.so.13", "libcublas.so.12", "libcublas.so.11", "libcublas.so", NULL};
	if ((c->libcuda = pg_open(cuda, err, errlen)) == NULL)
		return -1;
	PG_SYM(libcuda, cuDriverGetVersion, "cuDriverGetVersion");
	int driver = 0;
	if (c->cuDriverGetVersion(&driver) != 0)
		driver = 0;
	if (pg_load_nvrtc(c, driver, err, errlen) != 0)
		return -1;
	if ((c->libcublas = pg_open(cublas, err, errlen)) == NULL)
		return -1;
	PG_SYM(libcuda, cuInit, "cuInit");
	PG_SYM(libcuda, cuDeviceGetCount, "cuDeviceGetCount");
	PG_SYM(libcuda, cuDeviceGet, "cuDeviceGet");
	PG_SYM(libcuda, cuDeviceGetAttribute, "cuDeviceGetAttribute");
	PG_SYM(libcuda, cuDeviceGetPCIBusId, "cuDeviceGetPCIBusId");
	PG_SYM(libcuda, cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain");
	PG_SYM(libcuda, cuDevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2");
	PG_SYM(libcuda, cuCtxSetCurrent, "cuCtxSetCurrent");
	PG_SYM(libcuda, cuCtxSynchronize, "cuCtxSynchronize");
	PG_SYM(libcuda, cuModuleLoadData, "cuModuleLoadData");
	PG_SYM(libcuda, cuModuleUnload, "cuModuleUnload");
	PG_SYM(libcuda, cuModuleGetFunction, "cuModuleGetFunction");
	PG_SYM(libcuda, cuMemAlloc, "cuMemAlloc_v2");
	PG_SYM(libcuda, cuMemFree, "cuMemFree_v2");
	PG_SYM(libcuda, cuMemcpyHtoD, "cuMemcpyHtoD_v2");
	PG_SYM(libcuda, cuMemcpyDtoH, "cuMemcpyDtoH_v2");
	PG_SYM(libcuda, cuLaunchKernel, "cuLaunchKernel");
	PG_SYM(libcuda, cuGetErrorString, "cuGetErrorString");
	PG_SYM(libcublas, cublasCreate, "cublasCreate_v2");
	PG_SYM(libcublas, cublasDestroy, "cublasDestroy_v2");
	PG_SYM(libcublas, cublasGemmEx, "cublasGemmEx");
	return 0;
}


static const char *pg_cu_error(pg_cuda *c, pg_cu_result r)
{
	const char *s = NULL;
	if (c->cuGetErrorString(r, &s) != 0 || s == NULL)
		return "unknown CUDA error";
	return s;
}

static pg_cu_result pg_cu_init(pg_cuda *c) { return c->cuInit(0); }
static pg_cu_result pg_cu_count(pg_cuda *c, int *n) { return c->cuDeviceGetCount(n); }
static pg_cu_result pg_cu_device_get(pg_cuda *c, pg_cu_device *d, int ordinal) { return c->cuDeviceGet(d, ordinal); }
static pg_cu_result pg_cu_attribute(pg_cuda *c, int *v, int attr, pg_cu_device d) { return c->cuDeviceGetAttribute(v, attr, d); }
static pg_cu_result pg_cu_bus_id(pg_cuda *c, char *buf, int len, pg_cu_device d) { return c->cuDeviceGetPCIBusId(buf, len, d); }
static pg_cu_result pg_cu_retain(pg_cuda *c, pg_cu_context *ctx, pg_cu_device d) { return c->cuDevicePrimaryCtxRetain(ctx, d); }
static pg_cu_result pg_cu_release(pg_cuda *c, pg_cu_device d) { return c->cuDevicePrimaryCtxRelease(d); }
static pg_cu_result pg_cu_set_current(pg_cuda *c, pg_cu_context ctx) { return c->cuCtxSetCurrent(ctx); }
static pg_cu_result pg_cu_sync(pg_cuda *c) { return c->cuCtxSynchronize(); }
static pg_cu_result pg_cu_module_load(pg_cuda *c, pg_cu_module *m, const char *ptx) { return c->cuModuleLoadData(m, ptx); }
static pg_cu_result pg_cu_module_unload(pg_cuda *c, pg_cu_module m) { return c->cuModuleUnload(m); }
static pg_cu_result pg_cu_function_get(pg_cuda *c, pg_cu_function *f, pg_cu_module m, const char *name) { return c->cuModuleGetFunction(f, m, name); }
static pg_cu_result pg_cu_alloc(pg_cuda *c, pg_cu_ptr *p, size_t n) { return c->cuMemAlloc(p, n); }
static pg_cu_result pg_cu_free(pg_cuda *c, pg_cu_ptr p) { return c->cuMemFree(p); }
static pg_cu_result pg_cu_to_device(pg_cuda *c, pg_cu_ptr dst, const void *src, size_t n) { return c->cuMemcpyHtoD(dst, src, n); }
static pg_cu_result pg_cu_to_host(pg_cuda *c, void *dst, pg_cu_ptr src, size_t n) { return c->cuMemcpyDtoH(dst, src, n); }

// The kernels' launches: the arguments are copied here, on the C stack, since the
// launch takes an array of pointers to them.
#define PG_BLOCK 256
static pg_cu_result pg_launch(pg_cuda *c, pg_cu_function f, unsigned grid, void **args)
{
	return c->cuLaunchKernel(f, grid, 1, 1, PG_BLOCK, 1, 1, 0, NULL, args, NULL);
}
static pg_cu_result pg_launch_gen_a(pg_cuda *c, pg_cu_function f, unsigned grid, pg_cu_ptr out, pg_cu_u64 w0,
	pg_cu_u64 w1, pg_cu_u64 order, pg_cu_u64 first, pg_cu_u64 count)
{
	void *args[] = {&out, &w0, &w1, &order, &first, &count};
	return pg_launch(c, f, grid, args);
}
static pg_cu_result pg_launch_gen_bt(pg_cuda *c, pg_cu_function f, unsigned grid, pg_cu_ptr out, pg_cu_u64 w0,
	pg_cu_u64 w1, pg_cu_u64 order, pg_cu_u64 count)
{
	void *args[] = {&out, &w0, &w1, &order, &count};
	return pg_launch(c, f, grid, args);
}
static pg_cu_result pg_launch_leaf(pg_cuda *c, pg_cu_function f, unsigned grid, pg_cu_ptr cm, unsigned product,
	pg_cu_u64 first, pg_cu_u64 count, pg_cu_ptr out)
{
	void *args[] = {&cm, &product, &first, &count, &out};
	return pg_launch(c, f, grid, args);
}
static pg_cu_result pg_launch_node(pg_cuda *c, pg_cu_function f, unsigned grid, pg_cu_ptr children, pg_cu_u64 count,
	pg_cu_ptr empty, pg_cu_u64 parents, pg_cu_ptr out)
{
	void *args[] = {&children, &count, &empty, &parents, &out};
	return pg_launch(c, f, grid, args);
}

// pg_gemm_i8 is C = op(A)·op(B) in int8 with int32 results (cublasGemmEx: CUBLAS_OP_T = 1,
// CUBLAS_OP_N = 0, CUDA_R_8I = 3, CUDA_R_32I = 10, CUBLAS_COMPUTE_32I = 72,
// CUBLAS_GEMM_DEFAULT = -1), column-major as cuBLAS reads it.
static int pg_gemm_i8(pg_cuda *c, void *handle, int m, int n, int k, pg_cu_ptr a, int lda, pg_cu_ptr b, int ldb,
	pg_cu_ptr out, int ldc)
{
	int alpha = 1, beta = 0;
	return c->cublasGemmEx(handle, 1, 0, m, n, k, &alpha, (const void *)a, 3, lda, (const void *)b, 3, ldb,
		&beta, (void *)out, 10, ldc, 72, -1);
}
static int pg_blas_create(pg_cuda *c, void **h) { return c->cublasCreate(h); }
static int pg_blas_destroy(pg_cuda *c, void *h) { return c->cublasDestroy(h); }

// pg_compile compiles src with NVRTC for the architecture and returns the PTX (malloc'd),
// or NULL with the compiler's log in err.
static char *pg_compile(pg_cuda *c, const char *src, const char *arch, char *err, size_t errlen)
{
	void *prog = NULL;
	int r = c->nvrtcCreateProgram(&prog, src, "petagrid_challenge.cu", 0, NULL, NULL);
	if (r != 0) {
		snprintf(err, errlen, "nvrtcCreateProgram: %s", c->nvrtcGetErrorString(r));
		return NULL;
	}
	const char *opts[] = {arch};
	r = c->nvrtcCompileProgram(prog, 1, opts);
	if (r != 0) {
		size_t n = 0;
		int used = snprintf(err, errlen, "nvrtcCompileProgram: %s: ", c->nvrtcGetErrorString(r));
		if (c->nvrtcGetProgramLogSize(prog, &n) == 0 && n > 0 && used >= 0 && (size_t)used < errlen) {
			char *log = malloc(n);
			if (log != NULL && c->nvrtcGetProgramLog(prog, log) == 0)
				snprintf(err + used, errlen - used, "%s", log);
			free(log);
		}
		c->nvrtcDestroyProgram(&prog);
		return NULL;
	}
	size_t n = 0;
	char *ptx = NULL;
	if (c->nvrtcGetPTXSize(prog, &n) == 0 && n > 0 && (ptx = malloc(n)) != NULL && c->nvrtcGetPTX(prog, ptx) != 0) {
		free(ptx);
		ptx = NULL;
	}
	if (ptx == NULL)
		snprintf(err, errlen, "nvrtc: the PTX could not be read");
	c->nvrtcDestroyProgram(&prog);
	return ptx;
}
*/
import "C"

import (
	"context"
	_ "embed"
	"fmt"
	"runtime"
	"sync"
	"unsafe"

	"github.com/petagrid/petagrid/pocp/challenge"
)

//go:embed kernels.h
var deviceSource string

// CUDA driver constants (cuda.h).
const (
	cudaErrorNoDevice          = 100 // CUDA_ERROR_NO_DEVICE
	attrComputeCapabilityMajor = 75  // CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR
	attrComputeCapabilityMinor = 76  // CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR
	threadsPerBlock            = 256 // PG_BLOCK
	maxBlocks                  = 1 << 20
	errBytes                   = 16 << 10
)

// Kernel is the GPU kernel on this node's GPUs (those CUDA_VISIBLE_DEVICES leaves visible,
// which is what Slurm's GPU allocation sets).
type Kernel struct {
	lib     *C.pg_cuda
	engines []*cudaEngine
}

// Open loads the CUDA libraries, finds the GPUs and prepares each one (its context, the
// device code compiled for it, a cuBLAS handle). A node without the libraries or a GPU gets
// an error wrapping ErrUnavailable that says what is missing.
func Open(ctx context.Context) (*Kernel, error) {
	lib := (*C.pg_cuda)(C.calloc(1, C.size_t(unsafe.Sizeof(C.pg_cuda{}))))
	if lib == nil {
		return nil, fmt.Errorf("GPU kernel: out of memory")
	}
	k := &Kernel{lib: lib}
	errBuf := (*C.char)(C.calloc(errBytes, 1))
	defer C.free(unsafe.Pointer(errBuf))
	if C.pg_cuda_load(lib, errBuf, errBytes) != 0 {
		msg := C.GoString(errBuf)
		k.unload()
		return nil, fmt.Errorf("%w: %s", ErrUnavailable, msg)
	}
	if r := C.pg_cu_init(lib); r != 0 {
		// The message is read before the libraries are unloaded.
		err := k.cuError("cuInit", r)
		if r == cudaErrorNoDevice {
			err = fmt.Errorf("%w: cuInit: %s", ErrUnavailable, C.GoString(C.pg_cu_error(lib, r)))
		}
		k.unload()
		return nil, err
	}
	var count C.int
	if r := C.pg_cu_count(lib, &count); r != 0 {
		err := k.cuError("cuDeviceGetCount", r)
		k.unload()
		return nil, err
	}
	if count <= 0 {
		k.unload()
		return nil, fmt.Errorf("%w: CUDA sees no GPU (CUDA_VISIBLE_DEVICES may hide them)", ErrUnavailable)
	}
	ptx := map[string]*C.char{} // by architecture: the device code is compiled once for each
	defer func() {
		for _, p := range ptx {
			C.free(unsafe.Pointer(p))
		}
	}()
	for ordinal := range int(count) {
		if err := ctx.Err(); err != nil {
			k.Close()
			return nil, err
		}
		e, err := k.startEngine(ordinal, ptx, errBuf)
		if err != nil {
			k.Close()
			return nil, err
		}
		k.engines = append(k.engines, e)
	}
	return k, nil
}

// Devices are the GPUs' PCI bus ids, as CUDA names them, in CUDA's order.
func (k *Kernel) Devices() []string {
	ids := make([]string, len(k.engines))
	for i, e := range k.engines {
		ids[i] = e.busID
	}
	return ids
}

// Run answers spec (one node's: a part, for a spec of several nodes) on every GPU, keeping
// the trees within treeMemoryBytes of host memory. The answer's devices are the caller's
// to fill in.
func (k *Kernel) Run(ctx context.Context, spec challenge.Spec, treeMemoryBytes int64) (*challenge.Answer, error) {
	engines := make([]engine, len(k.engines))
	for i, e := range k.engines {
		engines[i] = e
	}
	return run(ctx, spec, engines, treeMemoryBytes)
}

// Close frees every GPU's memory and context. It returns no error today (teardown
// failures leave nothing to undo); the error is GPUKernel's.
func (k *Kernel) Close() error {
	for _, e := range k.engines {
		e.stop()
	}
	k.engines = nil
	k.unload()
	return nil
}

// unload frees the entry points. The libraries are never dlclosed: the driver and cuBLAS
// keep threads and exit handlers that would run into unmapped code, and a run loads them
// once per process.
func (k *Kernel) unload() {
	if k.lib != nil {
		C.free(unsafe.Pointer(k.lib))
		k.lib = nil
	}
}

func (k *Kernel) cuError(call string, r C.pg_cu_result) error {
	return cuError(k.lib, call, r)
}

func cuError(lib *C.pg_cuda, call string, r C.pg_cu_result) error {
	return fmt.Errorf("GPU kernel: %s: %s (CUDA error %d)", call, C.GoString(C.pg_cu_error(lib, r)), int(r))
}

// startEngine starts the goroutine that owns one GPU: CUDA binds a context to an OS
// thread, so every call for the device runs on that goroutine's locked thread.
func (k *Kernel) startEngine(ordinal int, ptx map[string]*C.char, errBuf *C.char) (*cudaEngine, error) {
	e := &cudaEngine{lib: k.lib, ordinal: ordinal, work: make(chan func()), done: make(chan struct{})}
	if r := C.pg_cu_device_get(k.lib, &e.device, C.int(ordinal)); r != 0 {
		return nil, k.cuError("cuDeviceGet", r)
	}
	var major, minor C.int
	if r := C.pg_cu_attribute(k.lib, &major, attrComputeCapabilityMajor, e.device); r != 0 {
		return nil, k.cuError("cuDeviceGetAttribute", r)
	}
	if r := C.pg_cu_attribute(k.lib, &minor, attrComputeCapabilityMinor, e.device); r != 0 {
		return nil, k.cuError("cuDeviceGetAttribute", r)
	}
	var bus [32]C.char
	if r := C.pg_cu_bus_id(k.lib, &bus[0], C.int(len(bus)), e.device); r != 0 {
		return nil, k.cuError("cuDeviceGetPCIBusId", r)
	}
	e.busID = C.GoString(&bus[0])
	code, err := k.deviceCode(int(major)*10+int(minor), ptx, errBuf)
	if err != nil {
		return nil, fmt.Errorf("GPU %s: %w", e.busID, err)
	}
	started := make(chan error, 1)
	go e.loop(code, started)
	// Waited for whatever ctx does: setting a GPU up takes seconds at most, and an engine
	// left starting would use the libraries and the PTX after Open gave them up.
	if err := <-started; err != nil {
		return nil, fmt.Errorf("GPU %s: %w", e.busID, err)
	}
	return e, nil
}

// fallbackArchitectures are compiled for, newest first, when NVRTC does not know a GPU's
// own (a GPU newer than the NVRTC): the driver compiles a lower architecture's PTX for it.
var fallbackArchitectures = []int{120, 100, 90, 89, 86, 80, 75, 70, 61}

// deviceCode is the device code's PTX for a GPU of compute capability cc (major·10 +
// minor), compiled once per architecture and kept in ptx.
func (k *Kernel) deviceCode(cc int, ptx map[string]*C.char, errBuf *C.char) (*C.char, error) {
	archs := []int{cc}
	for _, a := range fallbackArchitectures {
		if a < cc {
			archs = append(archs, a)
		}
	}
	var first error
	for _, a := range archs {
		arch := fmt.Sprintf("--gpu-architecture=compute_%d", a)
		if code, ok := ptx[arch]; ok {
			return code, nil
		}
		code, err := compile(k.lib, arch, errBuf)
		if err == nil {
			ptx[arch] = code
			return code, nil
		}
		if first == nil {
			first = err
		}
	}
	return nil, first
}

// compile compiles the device code with NVRTC for arch (an NVRTC --gpu-architecture
// option): PTX that the driver compiles for the GPU when the module loads. The caller
// frees it.
func compile(lib *C.pg_cuda, arch string, errBuf *C.char) (*C.char, error) {
	src := C.CString(deviceSource)
	defer C.free(unsafe.Pointer(src))
	carch := C.CString(arch)
	defer C.free(unsafe.Pointer(carch))
	code := C.pg_compile(lib, src, carch, errBuf, errBytes)
	if code == nil {
		return nil, fmt.Errorf("GPU kernel: compiling the device code for %s: %s", arch, C.GoString(errBuf))
	}
	return code, nil
}

// compileWithNVRTC loads NVRTC alone and compiles the device code for arch, returning the
// PTX: what the tests run where NVRTC is installed, GPU or not.
func compileWithNVRTC(arch string) (string, error) {
	lib := (*C.pg_cuda)(C.calloc(1, C.size_t(unsafe.Sizeof(C.pg_cuda{}))))
	if lib == nil {
		return "", fmt.Errorf("GPU kernel: out of memory")
	}
	defer C.free(unsafe.Pointer(lib))
	errBuf := (*C.char)(C.calloc(errBytes, 1))
	defer C.free(unsafe.Pointer(errBuf))
	if C.pg_load_nvrtc(lib, 0, errBuf, errBytes) != 0 {
		return "", fmt.Errorf("%w: %s", ErrUnavailable, C.GoString(errBuf))
	}
	code, err := compile(lib, arch, errBuf)
	if err != nil {
		return "", err
	}
	defer C.free(unsafe.Pointer(code))
	return C.GoString(code), nil
}

// cudaEngine is one GPU. Its fields past work are touched only on the loop's thread.
type cudaEngine struct {
	lib     *C.pg_cuda
	ordinal int
	busID   string
	device  C.pg_cu_device
	work    chan func()
	done    chan struct{}
	once    sync.Once

	context C.pg_cu_context
	module  C.pg_cu_module
	genA    C.pg_cu_function
	genBT   C.pg_cu_function
	leaf    C.pg_cu_function
	node    C.pg_cu_function
	blas    unsafe.Pointer

	// The buffers, sized for order: A (rows of it), Bᵀ, C, two levels of hashes, and the
	// empty subtrees of every level.
	order                   int
	a, bt, c, lvl0, lvl1, e C.pg_cu_ptr
	// btKey is the product whose Bᵀ the buffer holds (zero: none), so that the openings'
	// recomputations of one product's rows generate it once.
	btKey challenge.Key
}

// loop owns the GPU: it sets it up, runs what work sends, and tears it down when work
// is closed.
func (e *cudaEngine) loop(ptx *C.char, started chan<- error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	defer close(e.done)
	if err := e.setUp(ptx); err != nil {
		e.tearDown()
		started <- err
		return
	}
	started <- nil
	for fn := range e.work {
		fn()
	}
	e.tearDown()
}

func (e *cudaEngine) setUp(ptx *C.char) error {
	if r := C.pg_cu_retain(e.lib, &e.context, e.device); r != 0 {
		return cuError(e.lib, "cuDevicePrimaryCtxRetain", r)
	}
	if r := C.pg_cu_set_current(e.lib, e.context); r != 0 {
		return cuError(e.lib, "cuCtxSetCurrent", r)
	}
	if r := C.pg_cu_module_load(e.lib, &e.module, ptx); r != 0 {
		return cuError(e.lib, "cuModuleLoadData (a driver older than NVRTC refuses its PTX)", r)
	}
	for _, f := range []struct {
		name string
		dst  *C.pg_cu_function
	}{{"pg_gen_a_kernel", &e.genA}, {"pg_gen_bt_kernel", &e.genBT}, {"pg_leaf_kernel", &e.leaf}, {"pg_node_kernel", &e.node}} {
		name := C.CString(f.name)
		r := C.pg_cu_function_get(e.lib, f.dst, e.module, name)
		C.free(unsafe.Pointer(name))
		if r != 0 {
			return cuError(e.lib, "cuModuleGetFunction "+f.name, r)
		}
	}
	if r := C.pg_blas_create(e.lib, &e.blas); r != 0 {
		return fmt.Errorf("GPU kernel: cublasCreate: status %d", int(r))
	}
	return nil
}

func (e *cudaEngine) tearDown() {
	e.freeBuffers()
	if e.blas != nil {
		C.pg_blas_destroy(e.lib, e.blas)
		e.blas = nil
	}
	if e.module != nil {
		C.pg_cu_module_unload(e.lib, e.module)
		e.module = nil
	}
	if e.context != nil {
		C.pg_cu_release(e.lib, e.device)
		e.context = nil
	}
}

// stop ends the loop and waits for the teardown.
func (e *cudaEngine) stop() {
	e.once.Do(func() { close(e.work) })
	<-e.done
}

// do runs fn on the GPU's thread and waits for it: a product's kernels take seconds at
// most, so a cancelled ctx is seen before the next one.
func (e *cudaEngine) do(ctx context.Context, fn func() error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	result := make(chan error, 1)
	e.work <- func() { result <- fn() }
	return <-result
}

func (e *cudaEngine) name() string { return fmt.Sprintf("GPU %d (%s)", e.ordinal, e.busID) }

func (e *cudaEngine) freeBuffers() {
	for _, p := range []*C.pg_cu_ptr{&e.a, &e.bt, &e.c, &e.lvl0, &e.lvl1, &e.e} {
		if *p != 0 {
			C.pg_cu_free(e.lib, *p)
			*p = 0
		}
	}
	e.order = 0
	e.btKey = challenge.Key{}
}

// buffers sizes the device memory for order: A and Bᵀ as int8, C as int32, the leaves
// and the level above them, and the empty subtrees, uploaded once.
func (e *cudaEngine) buffers(order int) error {
	if e.order == order {
		return nil
	}
	e.freeBuffers()
	n := uint64(order)
	leaves := challenge.LevelNodes(order, 0)
	depth := challenge.TreeDepth(order)
	for _, b := range []struct {
		p     *C.pg_cu_ptr
		bytes uint64
	}{{&e.a, n * n}, {&e.bt, n * n}, {&e.c, 4 * n * n}, {&e.lvl0, 32 * leaves}, {&e.lvl1, 32 * max(challenge.LevelNodes(order, 1), 1)}, {&e.e, 32 * uint64(depth+1)}} {
		if r := C.pg_cu_alloc(e.lib, b.p, C.size_t(b.bytes)); r != 0 {
			e.freeBuffers()
			return cuError(e.lib, fmt.Sprintf("cuMemAlloc of %d bytes for order %d", b.bytes, order), r)
		}
	}
	empty := make([]challenge.Hash, depth+1)
	for l := range empty {
		empty[l] = challenge.EmptyHash(l)
	}
	if r := C.pg_cu_to_device(e.lib, e.e, unsafe.Pointer(&empty[0]), C.size_t(32*len(empty))); r != 0 {
		e.freeBuffers()
		return cuError(e.lib, "cuMemcpyHtoD", r)
	}
	e.order = order
	return nil
}

// grid is the blocks for count items (the kernels loop when there are more).
func grid(count uint64) C.uint {
	return C.uint(min((count+threadsPerBlock-1)/threadsPerBlock, maxBlocks))
}

// multiply computes rows [first, first+count) of product's C into e.c, row-major: A's rows
// and Bᵀ are generated, and cuBLAS computes Cᵀ = Bᵀ·Aᵀ in its column-major terms, which
// is C row-major (the Bᵀ buffer is column-major B, read with op T; A's rows, read
// column-major, are Aᵀ).
func (e *cudaEngine) multiply(spec challenge.Spec, product, first, count int) error {
	if err := e.buffers(spec.Order); err != nil {
		return err
	}
	n := uint64(spec.Order)
	key := challenge.ProductKey(spec.Nonce, uint32(product))
	w0, w1 := C.pg_cu_u64(key.Word0), C.pg_cu_u64(key.Word1)
	if key != e.btKey {
		e.btKey = challenge.Key{}
		if r := C.pg_launch_gen_bt(e.lib, e.genBT, grid(n*n), e.bt, w0, w1, C.pg_cu_u64(n), C.pg_cu_u64(n*n)); r != 0 {
			return cuError(e.lib, "launching pg_gen_bt_kernel", r)
		}
		// Set once the launch is queued: a later failure of the queue fails the sync
		// that every use waits on, and the run with it.
		e.btKey = key
	}
	entries := uint64(count) * n
	if r := C.pg_launch_gen_a(e.lib, e.genA, grid(entries), e.a, w0, w1, C.pg_cu_u64(n), C.pg_cu_u64(first), C.pg_cu_u64(entries)); r != 0 {
		return cuError(e.lib, "launching pg_gen_a_kernel", r)
	}
	if r := C.pg_gemm_i8(e.lib, e.blas, C.int(n), C.int(count), C.int(n), e.bt, C.int(n), e.a, C.int(n), e.c, C.int(n)); r != 0 {
		return fmt.Errorf("GPU kernel: cublasGemmEx (int8, int32 results) of order %d, %d rows: status %d", n, count, int(r))
	}
	return nil
}

func (e *cudaEngine) levelNodes(ctx context.Context, spec challenge.Spec, product, level int) ([]challenge.Hash, error) {
	var nodes []challenge.Hash
	err := e.do(ctx, func() error {
		if err := e.multiply(spec, product, 0, spec.Order); err != nil {
			return err
		}
		count := challenge.LevelNodes(spec.Order, 0)
		if r := C.pg_launch_leaf(e.lib, e.leaf, grid(count), e.c, C.uint(product), 0, C.pg_cu_u64(count), e.lvl0); r != 0 {
			return cuError(e.lib, "launching pg_leaf_kernel", r)
		}
		cur, other := e.lvl0, e.lvl1
		for l := range level {
			parents := (count + 1) / 2
			if r := C.pg_launch_node(e.lib, e.node, grid(parents), cur, C.pg_cu_u64(count), e.e+C.pg_cu_ptr(32*l), C.pg_cu_u64(parents), other); r != 0 {
				return cuError(e.lib, "launching pg_node_kernel", r)
			}
			cur, other, count = other, cur, parents
		}
		if r := C.pg_cu_sync(e.lib); r != 0 {
			return cuError(e.lib, "running product "+fmt.Sprint(product), r)
		}
		nodes = make([]challenge.Hash, count)
		if r := C.pg_cu_to_host(e.lib, unsafe.Pointer(&nodes[0]), cur, C.size_t(32*count)); r != 0 {
			return cuError(e.lib, "cuMemcpyDtoH", r)
		}
		return nil
	})
	return nodes, err
}

func (e *cudaEngine) rows(ctx context.Context, spec challenge.Spec, product, first, count int) ([]int32, error) {
	if first < 0 || count <= 0 || first+count > spec.Order {
		return nil, fmt.Errorf("GPU kernel: rows %d+%d of order %d", first, count, spec.Order)
	}
	var c []int32
	err := e.do(ctx, func() error {
		if err := e.multiply(spec, product, first, count); err != nil {
			return err
		}
		if r := C.pg_cu_sync(e.lib); r != 0 {
			return cuError(e.lib, "recomputing rows of product "+fmt.Sprint(product), r)
		}
		c = make([]int32, count*spec.Order)
		if r := C.pg_cu_to_host(e.lib, unsafe.Pointer(&c[0]), e.c, C.size_t(4*len(c))); r != 0 {
			return cuError(e.lib, "cuMemcpyDtoH", r)
		}
		return nil
	})
	return c, err
}
