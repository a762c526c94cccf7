# `cmake --install` lays stereocl out as a Debian program (bin/, a man page, a desktop entry with an
# icon), and `cpack -G DEB` makes a .deb whose dependencies dpkg-shlibdeps reads off the binaries,
# so they follow whatever the build links instead of a hand-kept list.
include(GNUInstallDirs)

install(TARGETS stereocl RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS stereocl_model LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}/stereocl)  # files/model/model_reader_module.hpp
if(STEREOCL_MP4)
  install(TARGETS stereocl_mp4 LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}/stereocl)  # record/mp4_module.hpp
endif()
# Compares --bench --json files; finds the schema in ../share/stereocl beside itself.
install(PROGRAMS scripts/stereocl-compare DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES assets/stereocl.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES assets/stereocl.svg DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
# --presets' default is ../share/stereocl/presets beside the binary (config/presets.cpp); the presets
# name the sample depth map and pattern by paths relative to themselves (../NAME.png).
file(GLOB preset_files CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/assets/presets/*.toml")
install(FILES ${preset_files} DESTINATION ${CMAKE_INSTALL_DATADIR}/stereocl/presets)
install(FILES assets/depth-shapes.png assets/pattern-waves.png DESTINATION ${CMAKE_INSTALL_DATADIR}/stereocl)
# Debian policy: every package carries its licence, machine-readable, in doc/NAME/copyright, and
# (a native package) its changelog as doc/NAME/changelog.gz, compressed without a timestamp.
install(FILES assets/debian/copyright DESTINATION ${CMAKE_INSTALL_DOCDIR})
set(changelog "${PROJECT_BINARY_DIR}/changelog.gz")
add_custom_command(
  OUTPUT "${changelog}"
  COMMAND gzip -9nc "${PROJECT_SOURCE_DIR}/assets/debian/changelog" > "${changelog}"
  DEPENDS "${PROJECT_SOURCE_DIR}/assets/debian/changelog"
  COMMENT "Compressing the Debian changelog")
add_custom_target(stereocl_changelog ALL DEPENDS "${changelog}")
install(FILES "${changelog}" DESTINATION ${CMAKE_INSTALL_DOCDIR})
# Where scripts/stereocl-compare looks for it once installed.
install(FILES "${stereocl_bench_schema}" DESTINATION ${CMAKE_INSTALL_DATADIR}/stereocl)

# The man page is made from --help and --version at build time, so it cannot drift from the options;
# assets/stereocl.h2m adds what --help has no room for (examples, files, environment, see also).
find_program(HELP2MAN_EXECUTABLE help2man REQUIRED)
set(man_page "${PROJECT_BINARY_DIR}/stereocl.1")
add_custom_command(
  OUTPUT "${man_page}.gz"
  COMMAND "${CMAKE_COMMAND}" -E env COLUMNS=80 "${HELP2MAN_EXECUTABLE}" --no-info --section=1
          "--name=live autostereograms made by OpenGL and OpenCL together"
          "--include=${PROJECT_SOURCE_DIR}/assets/stereocl.h2m"
          "--output=${man_page}" "$<TARGET_FILE:stereocl>"
  # help2man puts --help's title line into DESCRIPTION, after the h2m file's own paragraphs,
  # where it repeats NAME; the paragraph holding it alone goes (perl-base is in every Debian).
  COMMAND perl -0pi -e "s/^\\.PP\\nstereocl: live autostereograms with OpenGL and OpenCL\\n//m" "${man_page}"
  COMMAND gzip -9nf "${man_page}"
  DEPENDS stereocl "${PROJECT_SOURCE_DIR}/assets/stereocl.h2m"
  COMMENT "Making the man page from stereocl --help" VERBATIM)
add_custom_target(stereocl_man_page ALL DEPENDS "${man_page}.gz")
install(FILES "${man_page}.gz" DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME stereocl)
set(CPACK_PACKAGE_VENDOR "stereocl")
# The project's maintainers, as they sign its commits; the changelog's signature says the same.
set(CPACK_PACKAGE_CONTACT "Seed 9b61d511 maintainers <maintainers@users.noreply.a-seed-9b61d511.example>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "live autostereograms made by OpenGL and OpenCL together")
set(CPACK_PACKAGE_DESCRIPTION
    "A ball bouncing in an open box, drawn by OpenGL into a depth texture and turned
into a single-image 3D picture on the CPU, through OpenCL with host copies, by
OpenCL on the shared GL textures, or on buffers Vulkan exports to GL and
OpenCL, with Sobel, blur, emboss, posterize and a histogram as OpenCL effects.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION graphics)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The program runs without an OpenCL driver (CPU and Scene modes), so a driver is recommended,
# not required: PoCL on any CPU, or the GPU vendor's ICD.
# Without fonts-dejavu-core the panel falls back to ImGui's small built-in font.
# stereocl-compare is Python with jsonschema and matplotlib (its charts): recommended with the
# program, as scripts/install-deps.sh's run group installs them, so comparing GPUs after an install
# does not stop at "needs Python's jsonschema".
# GPU (external memory) mode opens Vulkan's loader when it starts (dpkg-shlibdeps cannot see that).
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS
    "pocl-opencl-icd | opencl-icd, libgl1-mesa-dri, fonts-dejavu-core, python3, python3-jsonschema, python3-matplotlib, libvulkan1")
set(CPACK_STRIP_FILES ON)
include(CPack)
