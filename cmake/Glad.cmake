# glad2 generates the GL loader at configure time from the specification Debian ships with it
# (--reproducible keeps it off the network). /usr/bin/glad is used because the python3 on PATH
# may be another interpreter without the glad module.
find_program(GLAD_EXECUTABLE glad PATHS /usr/bin NO_DEFAULT_PATH)
if(NOT GLAD_EXECUTABLE)
  find_program(GLAD_EXECUTABLE glad REQUIRED)
endif()
set(GLAD_DIR "${CMAKE_BINARY_DIR}/glad")
# The memory object and semaphore extensions: GPU (external memory) mode imports Vulkan's memory.
set(GLAD_EXTENSIONS
    GL_KHR_debug,GL_ARB_timer_query,GL_EXT_memory_object,GL_EXT_memory_object_fd,GL_EXT_semaphore,GL_EXT_semaphore_fd)
# Generated again when the list changes: an existing build folder must not keep a loader without them.
set(glad_generated_for "")
if(EXISTS "${GLAD_DIR}/extensions.txt")
  file(READ "${GLAD_DIR}/extensions.txt" glad_generated_for)
endif()
if(NOT EXISTS "${GLAD_DIR}/src/gl.c" OR NOT glad_generated_for STREQUAL GLAD_EXTENSIONS)
  execute_process(
    COMMAND "${GLAD_EXECUTABLE}" --reproducible --quiet
            --api gl:core=4.5 --extensions ${GLAD_EXTENSIONS}
            --out-path "${GLAD_DIR}" c
    RESULT_VARIABLE glad_result OUTPUT_VARIABLE glad_output ERROR_VARIABLE glad_output)
  if(NOT glad_result EQUAL 0)
    message(FATAL_ERROR "glad failed to generate the GL loader (install python3-glad):\n${glad_output}")
  endif()
  file(WRITE "${GLAD_DIR}/extensions.txt" "${GLAD_EXTENSIONS}")
endif()
add_library(glad STATIC "${GLAD_DIR}/src/gl.c")
target_include_directories(glad SYSTEM PUBLIC "${GLAD_DIR}/include")
set_target_properties(glad PROPERTIES POSITION_INDEPENDENT_CODE ON)
