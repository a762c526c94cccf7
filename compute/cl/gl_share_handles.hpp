#pragma once
// What an OpenCL context needs to share a GL context's objects (cl_khr_gl_sharing), handed in by
// the window layer so that compute/ knows no window system.
namespace stereocl {

struct GlShareHandles {
  // How the GL context was made: each names its context and display with its own properties
  // (CL_GLX_DISPLAY_KHR, CL_EGL_DISPLAY_KHR, CL_WGL_HDC_KHR).
  enum class Api { none, glx, egl, wgl };
  Api api = Api::none;
  void* display = nullptr;  // Display*, EGLDisplay or HDC
  void* context = nullptr;  // GLXContext, EGLContext or HGLRC

  bool present() const { return api != Api::none && context != nullptr; }
};

const char* gl_api_name(GlShareHandles::Api api);

}  // namespace stereocl
