#include "compute/cl/cl_program.hpp"

#include "compute/cl/kernel_sources.hpp"

#include <cstdio>
#include <fstream>
#include <iterator>

namespace stereocl {

KernelBuildError::KernelBuildError(std::string file, std::string log)
    : std::runtime_error("OpenCL kernel " + file + " failed to build:\n" + log),
      file_(std::move(file)),
      log_(std::move(log)) {}

namespace {

std::string read_source_file(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) throw KernelBuildError(path, "cannot read this file (STEREOCL_KERNEL_DIR)");
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

}  // namespace

cl::Program ProgramBuilder::build(std::string_view file_name, const std::string& requested_options) {
  std::string source = source_directory_.empty() ? std::string(kernel_source(file_name))
                                                 : read_source_file(source_directory_ + "/" + std::string(file_name));
  const std::string options = tuning_options_.empty() ? requested_options : requested_options + " " + tuning_options_;
  if (source.empty())
    throw KernelBuildError(std::string(file_name), "no such kernel file is embedded in this binary");
  const bool broken = !broken_.empty() && (!broken_.ends_with(".cl") || broken_ == file_name);
  if (broken) source += "\n#error \"broken on purpose: STEREOCL_BREAK_KERNELS is set\"\n";

  cl::Program program(context_, source);
  ++builds_;
  try {
    program.build({device_}, (options + " -cl-std=CL1.2").c_str());
  } catch (const cl::BuildError& error) {
    std::string log;
    for (const auto& [device, device_log] : error.getBuildLog()) log += device_log;
    if (log.empty()) log = "(the driver gave no build log)";
    throw KernelBuildError(std::string(file_name), cl_error_name(error.err()) + " with options '" + options + "'\n" + log);
  }
  if (!tuning_options_.empty())
    build_logs_.push_back(std::string(file_name) + " with '" + options + "':\n" +
                          program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device_));
  return program;
}

std::string float_literal(float value) {
  char text[64];
  std::snprintf(text, sizeof text, "%af", static_cast<double>(value));
  return text;
}

namespace {

struct ClErrorName {
  cl_int code;
  const char* name;
};

#define STEREOCL_ERROR(c) ClErrorName{c, #c}
constexpr ClErrorName kClErrorNames[] = {
    STEREOCL_ERROR(CL_DEVICE_NOT_FOUND),
    STEREOCL_ERROR(CL_DEVICE_NOT_AVAILABLE),
    STEREOCL_ERROR(CL_COMPILER_NOT_AVAILABLE),
    STEREOCL_ERROR(CL_MEM_OBJECT_ALLOCATION_FAILURE),
    STEREOCL_ERROR(CL_OUT_OF_RESOURCES),
    STEREOCL_ERROR(CL_OUT_OF_HOST_MEMORY),
    STEREOCL_ERROR(CL_IMAGE_FORMAT_NOT_SUPPORTED),
    STEREOCL_ERROR(CL_BUILD_PROGRAM_FAILURE),
    STEREOCL_ERROR(CL_INVALID_VALUE),
    STEREOCL_ERROR(CL_INVALID_DEVICE),
    STEREOCL_ERROR(CL_INVALID_CONTEXT),
    STEREOCL_ERROR(CL_INVALID_QUEUE_PROPERTIES),
    STEREOCL_ERROR(CL_INVALID_COMMAND_QUEUE),
    STEREOCL_ERROR(CL_INVALID_MEM_OBJECT),
    STEREOCL_ERROR(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR),
    STEREOCL_ERROR(CL_INVALID_IMAGE_SIZE),
    STEREOCL_ERROR(CL_INVALID_PROGRAM),
    STEREOCL_ERROR(CL_INVALID_PROGRAM_EXECUTABLE),
    STEREOCL_ERROR(CL_INVALID_KERNEL_NAME),
    STEREOCL_ERROR(CL_INVALID_KERNEL_ARGS),
    STEREOCL_ERROR(CL_INVALID_ARG_INDEX),
    STEREOCL_ERROR(CL_INVALID_ARG_VALUE),
    STEREOCL_ERROR(CL_INVALID_ARG_SIZE),
    STEREOCL_ERROR(CL_INVALID_WORK_DIMENSION),
    STEREOCL_ERROR(CL_INVALID_WORK_GROUP_SIZE),
    STEREOCL_ERROR(CL_INVALID_WORK_ITEM_SIZE),
    STEREOCL_ERROR(CL_INVALID_GLOBAL_WORK_SIZE),
    STEREOCL_ERROR(CL_INVALID_EVENT),
    STEREOCL_ERROR(CL_INVALID_OPERATION),
    STEREOCL_ERROR(CL_INVALID_GL_OBJECT),
    STEREOCL_ERROR(CL_INVALID_BUFFER_SIZE),
    STEREOCL_ERROR(CL_INVALID_PROPERTY),
    STEREOCL_ERROR(CL_PLATFORM_NOT_FOUND_KHR),
    STEREOCL_ERROR(CL_INVALID_GL_SHAREGROUP_REFERENCE_KHR),
};
#undef STEREOCL_ERROR

}  // namespace

std::string cl_error_name(cl_int code) {
  const char* name = "unknown OpenCL error";
  for (const ClErrorName& entry : kClErrorNames) {
    if (entry.code == code) {
      name = entry.name;
      break;
    }
  }
  return std::string(name) + " (" + std::to_string(code) + ")";
}

}  // namespace stereocl
