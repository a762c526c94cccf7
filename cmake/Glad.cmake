# glad2 generates the GL loader at configure time from the specification Debian ships with it
# (--reproducible keeps it off the network). /usr/bin/glad is used because the python3 on PATH
# may be another interpreter without the glad module.
find_program(GLAD_EXECUTABLE glad PATHS /usr/bin NO_DEFAULT_PATH)
if(NOT GLAD_EXECUTABLE)
  find_program(GLAD_EXECUTABLE glad REQUIRED)
endif()
set(GLAD_DIR "${CMAKE_BINARY_DIR}/glad")
if(NOT EXISTS "${GLAD_DIR}/src/gl.c")
  execute_process(
    COMMAND "${GLAD_EXECUTABLE}" --reproducible --quiet
            --api gl:core=4.5 --extensions GL_KHR_debug,GL_ARB_timer_query
            --out-path "${GLAD_DIR}" c
    RESULT_VARIABLE glad_result OUTPUT_VARIABLE glad_output ERROR_VARIABLE glad_output)
  if(NOT glad_result EQUAL 0)
    message(FATAL_ERROR "glad failed to generate the GL loader (install python3-glad):\n${glad_output}")
  endif()
endif()
add_library(glad STATIC "${GLAD_DIR}/src/gl.c")
target_include_directories(glad SYSTEM PUBLIC "${GLAD_DIR}/include")
set_target_properties(glad PROPERTIES POSITION_INDEPENDENT_CODE ON)
