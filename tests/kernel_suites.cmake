# Writes the ctest entries of kernel_tests, one per test suite (cmake -P, after each link).
# Each kernel_tests process first opens every OpenCL device (cl_every_device_main.cpp), and Mesa's
# rusticl on llvmpipe alone takes half a second of CPU to start: one process per test case spent
# about two of the Release suite's fifteen CPU minutes starting drivers (docs/development.md).
# A suite's cases run in one process, so a failure still names its case in the output.
#   -D EXE=kernel_tests -D OUT=file.cmake [-D EXCLUDE=pattern] -D RUSTICL_ENABLE=drivers
#     [-D ONE_SHAPE=1] [-D REQUIRE=devices]
#   EXCLUDE: gtest's negative filter; RUSTICL_ENABLE: the drivers rusticl lists for these tests;
#   ONE_SHAPE: no @small-device copy; REQUIRE: STEREOCL_REQUIRE_CL_DEVICES for these tests
execute_process(COMMAND "${EXE}" --gtest_list_tests OUTPUT_VARIABLE listing RESULT_VARIABLE listed)
if(NOT listed EQUAL 0)
  message(FATAL_ERROR "kernel_suites: ${EXE} --gtest_list_tests failed (${listed})")
endif()
set(negative "")
if(EXCLUDE)
  set(negative ":-${EXCLUDE}")
endif()
set(entries "")
string(REPLACE "\n" ";" lines "${listing}")
foreach(line IN LISTS lines)
  # A suite's line has no indent and ends in '.', before any "# TypeParam" comment.
  if(line MATCHES "^([^ #][^ ]*)\\.( |$)")
    set(suite "${CMAKE_MATCH_1}")
    set(variants "" "@small-device")
    if(ONE_SHAPE)
      set(variants "")
    endif()
    foreach(variant IN LISTS variants)
      set(environment "RUSTICL_ENABLE=${RUSTICL_ENABLE}")
      if(REQUIRE)
        list(APPEND environment "STEREOCL_REQUIRE_CL_DEVICES=${REQUIRE}")
      endif()
      if(variant)
        list(APPEND environment STEREOCL_SMALL_DEVICE=1)
      endif()
      set(properties "TIMEOUT 600 ENVIRONMENT [=[${environment}]=]")
      string(APPEND entries "add_test([=[${suite}${variant}]=] [=[${EXE}]=] [=[--gtest_filter=${suite}.*${negative}]=])\n"
             "set_tests_properties([=[${suite}${variant}]=] PROPERTIES ${properties})\n")
    endforeach()
  endif()
endforeach()
file(WRITE "${OUT}" "${entries}")
