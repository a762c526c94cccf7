// Models from files (OBJ, glTF, GLB, PLY, STL through Assimp) and the limits that hold before
// the work they bound: every file is written here, byte by byte (model_files.hpp), and every
// refusal is one line that starts with the file's name and says the rule.
#include "files/model/model_mesh.hpp"
#include "model_files.hpp"
#include "run_program.hpp"
#include "test_files.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

namespace stereocl {
namespace {

using testing::write_bytes;

ModelMesh loaded(const std::string& path, const ModelLimits& limits = {}) {
  Result<ModelMesh> mesh = load_model(path, limits);
  if (!mesh) throw std::runtime_error(mesh.error());
  return std::move(*mesh);
}

// The refusal of `path`: one line, naming the file first.
std::string refusal(const std::string& path, const ModelLimits& limits = {}) {
  const Result<ModelMesh> mesh = load_model(path, limits);
  if (mesh) return "(loaded)";
  EXPECT_EQ(mesh.error().rfind(path + ": ", 0), 0u) << mesh.error();
  EXPECT_EQ(mesh.error().find('\n'), std::string::npos) << mesh.error();
  return mesh.error();
}

glm::vec3 extent(const ModelMesh& mesh) {
  glm::vec3 low(INFINITY), high(-INFINITY);
  for (const glm::vec3& p : mesh.positions) {
    low = glm::min(low, p);
    high = glm::max(high, p);
  }
  return high - low;
}

// Normalised: the box centred at the origin, the farthest point at distance 1.
void expect_normalised(const ModelMesh& mesh) {
  glm::vec3 low(INFINITY), high(-INFINITY);
  float farthest = 0.f;
  for (const glm::vec3& p : mesh.positions) {
    low = glm::min(low, p);
    high = glm::max(high, p);
    farthest = std::max(farthest, glm::length(p));
  }
  EXPECT_NEAR(farthest, 1.f, 1e-5f);
  for (int axis = 0; axis < 3; ++axis) EXPECT_NEAR(low[axis] + high[axis], 0.f, 1e-5f) << "axis " << axis;
}

void expect_well_formed(const ModelMesh& mesh) {
  ASSERT_EQ(mesh.indices.size() % 3, 0u);
  ASSERT_EQ(mesh.normals.size(), mesh.positions.size());
  for (std::uint32_t index : mesh.indices) ASSERT_LT(index, mesh.positions.size());
  for (const glm::vec3& n : mesh.normals) ASSERT_NEAR(glm::length(n), 1.f, 1e-4f);
}

TEST(ModelLoad, EveryFormatGivesItsTrianglesNormalised) {
  const struct {
    const char* name;
    std::string bytes;
    std::size_t triangles;
  } files[] = {{"cube.obj", testing::obj_cube(), 12},
               {"pyramid.ply", testing::ply_pyramid(), 6},
               {"ascii.stl", testing::stl_ascii_tetrahedron(), 4},
               {"binary.stl", testing::stl_binary_tetrahedron(), 4},
               {"tetrahedron.gltf", testing::gltf_tetrahedron(), 4},
               {"tetrahedron.glb", testing::glb_tetrahedron(), 4},
               {"UPPER.OBJ", testing::obj_cube(), 12}};
  for (const auto& file : files) {
    SCOPED_TRACE(file.name);
    const ModelMesh mesh = loaded(write_bytes(file.name, file.bytes));
    EXPECT_EQ(mesh.triangle_count(), file.triangles);
    expect_well_formed(mesh);
    expect_normalised(mesh);
  }
}

TEST(ModelLoad, TheNodesTransformsAreApplied) {
  // The glTF node stretches the unit tetrahedron 3 times along z (and moves it, which
  // normalising undoes): z is 3 times x in the loaded model.
  for (const char* name : {"stretched.gltf", "stretched.glb"}) {
    const std::string bytes =
        std::string(name).ends_with(".glb") ? testing::glb_tetrahedron() : testing::gltf_tetrahedron();
    const glm::vec3 size = extent(loaded(write_bytes(name, bytes)));
    EXPECT_NEAR(size.z / size.x, 3.f, 1e-4f) << name;
    EXPECT_NEAR(size.y / size.x, 1.f, 1e-4f) << name;
  }
}

TEST(ModelLoad, NormalsFollowTheTrianglesWhereTheFileHasNone) {
  // The cube's faces are wound outwards: its corners' normals point away from its centre.
  const ModelMesh mesh = loaded(write_bytes("normals.obj", testing::obj_cube()));
  for (std::size_t i = 0; i < mesh.positions.size(); ++i)
    EXPECT_GT(glm::dot(mesh.normals[i], mesh.positions[i]), 0.f) << "vertex " << i;
}

TEST(ModelLoad, AMissingFileIsRefused) {
  const std::string path = testing::scratch_file("no-such-model.obj");
  EXPECT_NE(refusal(path).find("No such file"), std::string::npos);
}

// Assimp is a module the program loads on its first model (files/model/model_reader_module.hpp); a copy
// of the program with none beside it (and no STEREOCL_MODULE_DIR) refuses a model in one line that
// names the module, and runs on.
TEST(ModelLoad, WithoutTheModelModuleTheProgramRefusesModelsInOneLine) {
  const std::string program = testing::copy_program_to(testing::scratch_file("no-modules"));
  const std::string model = testing::scratch_file("module-cube.obj");
  write_bytes(model, testing::obj_cube());
  ASSERT_EQ(setenv("STEREOCL_TEST_BINARY", program.c_str(), 1), 0);
  const testing::ProgramResult result = testing::run_stereocl(
      {"--model", model, "--size", "64x48", "-o", testing::scratch_file("no-module.png")}, "STEREOCL_MODULE_DIR=");
  unsetenv("STEREOCL_TEST_BINARY");
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.err.find(model + ": cannot read model files here: its module stereocl-model.so is neither beside"),
            std::string::npos)
      << result.err;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
}

// Issue 58: the installed program loaded a module from the folder STEREOCL_MODULE_DIR named (the
// current one, say). Only the tests' executables name a module folder now; the program has none.
TEST(ModelLoad, TheProgramLoadsNoModuleFromAFolderTheEnvironmentNames) {
  const std::string program = testing::copy_program_to(testing::scratch_file("no-modules-but-a-variable"));
  const std::string model = testing::scratch_file("variable-cube.obj");
  write_bytes(model, testing::obj_cube());
  ASSERT_EQ(setenv("STEREOCL_TEST_BINARY", program.c_str(), 1), 0);
  const testing::ProgramResult result =
      testing::run_stereocl({"--model", model, "--size", "64x48", "-o", testing::scratch_file("variable.png")},
                            std::string("STEREOCL_MODULE_DIR=") + STEREOCL_BUILD_DIR);
  unsetenv("STEREOCL_TEST_BINARY");
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.err.find("its module stereocl-model.so is neither beside"), std::string::npos) << result.err;
}

// Issue 58: a module that is there but cannot be read was called missing ("neither beside the
// program nor in ../lib/stereocl"). A link that loops cannot be read even by root, as a folder of
// mode 700 another user owns cannot by anyone else.
TEST(ModelLoad, AModuleThatCannotBeReadIsNotCalledMissing) {
  const std::filesystem::path folder = testing::scratch_file("unreadable-module");
  const std::string program = testing::copy_program_to(folder);
  std::filesystem::remove(folder / "stereocl-model.so");
  std::filesystem::create_symlink("stereocl-model.so", folder / "stereocl-model.so");
  const std::string model = testing::scratch_file("unreadable-module-cube.obj");
  write_bytes(model, testing::obj_cube());
  ASSERT_EQ(setenv("STEREOCL_TEST_BINARY", program.c_str(), 1), 0);
  const testing::ProgramResult result =
      testing::run_stereocl({"--model", model, "--size", "64x48", "-o", testing::scratch_file("unreadable.png")});
  unsetenv("STEREOCL_TEST_BINARY");
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.err.find("stereocl-model.so cannot be read: Too many levels of symbolic links"), std::string::npos)
      << result.err;
  EXPECT_EQ(result.err.find("neither beside"), std::string::npos) << result.err;
}

TEST(ModelLoad, AFolderAndAnUnreadFormatAreRefused) {
  const std::string folder = testing::scratch_file("folder.obj");
  std::filesystem::create_directories(folder);
  EXPECT_NE(refusal(folder).find("not a regular file"), std::string::npos);
  const std::string fbx = write_bytes("model.fbx", testing::obj_cube());
  EXPECT_NE(refusal(fbx).find("OBJ, glTF, GLB, PLY, STL"), std::string::npos) << refusal(fbx);
}

// One triangle in a glTF whose buffer is the file `uri`.
std::string gltf_triangle(const std::string& uri) {
  return R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],"nodes":[{"mesh":0}],)"
         R"("meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}],"buffers":[{"uri":")" + uri +
         R"(","byteLength":36}],"bufferViews":[{"buffer":0,"byteOffset":0,"byteLength":36}],)"
         R"("accessors":[{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3","max":[1,1,0],"min":[0,0,0]}]})";
}

// A glTF buffer of "../../../../etc/passwd" was read and its bytes drawn. A model reads only files
// in its own folder (and below), each a regular file within the file limit.
TEST(ModelLoad, TheFilesAModelNamesComeOnlyFromItsFolder) {
  const std::filesystem::path folder = testing::scratch_file("gltf-folder");
  std::filesystem::create_directories(folder / "inner");
  const float corners[9] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
  const std::string bytes(reinterpret_cast<const char*>(corners), sizeof corners);
  write_bytes("gltf-outside.bin", bytes);
  write_bytes("gltf-folder/inner/triangle.bin", bytes);
  const std::string inside = write_bytes("gltf-folder/inside.gltf", gltf_triangle("inner/triangle.bin"));
  EXPECT_EQ(loaded(inside).indices.size(), 3u) << "a file beside the model is read";
  const std::string up = write_bytes("gltf-folder/up.gltf", gltf_triangle("../gltf-outside.bin"));
  EXPECT_NE(refusal(up).find("it names"), std::string::npos) << refusal(up);
  EXPECT_NE(refusal(up).find("is outside the model's folder"), std::string::npos) << refusal(up);
  // Assimp takes a leading '/' as within the folder; either way /etc/passwd is not what it reads.
  const std::string absolute = write_bytes("gltf-folder/absolute.gltf", gltf_triangle("/etc/passwd"));
  EXPECT_NE(refusal(absolute).find("it names"), std::string::npos) << refusal(absolute);
  ModelLimits small;
  small.max_file_bytes = 2000;
  write_bytes("gltf-folder/big.bin", std::string(4000, '\0'));
  const std::string big = write_bytes("gltf-folder/big.gltf", gltf_triangle("big.bin"));
  EXPECT_NE(refusal(big, small).find("has 4000 bytes; a model's files may have at most 2000"), std::string::npos)
      << refusal(big, small);
}

// Assimp's own words were passed on: an empty reason, "No suitable reader found".
TEST(ModelLoad, TheReadersFailuresAreSaidInOurWords) {
  const std::string broken = refusal(write_bytes("broken.gltf", "{ not json"));
  EXPECT_EQ(broken.find("No suitable reader"), std::string::npos) << broken;
  EXPECT_NE(broken.find("GLTF"), std::string::npos) << broken;
}

TEST(ModelLoad, CorruptFilesAreRefusedInOneLine) {
  const std::string garbage = "\x01\x02\xff garbage \x7f\nnot a model at all\n";
  for (const char* name : {"corrupt.glb", "corrupt.gltf", "corrupt.ply", "corrupt.stl", "corrupt.obj"}) {
    const std::string message = refusal(write_bytes(name, garbage));
    EXPECT_NE(message, "(loaded)") << name;
  }
  EXPECT_NE(refusal(write_bytes("empty.stl", "")), "(loaded)");
  EXPECT_NE(refusal(write_bytes("empty.glb", "")), "(loaded)");
}

TEST(ModelLoad, AFileCutShortIsLoadedSoundOrRefused) {
  // Assimp 5.2's PLY reader may read past the end what its buffer held before: whatever it
  // answers is held to the rules a file is (indices inside the vertices, finite, normalised).
  const std::string pyramid = testing::ply_pyramid();
  for (const std::size_t cut : {std::size_t{20}, std::size_t{36}, std::size_t{60}}) {
    const std::string path =
        write_bytes("cut-" + std::to_string(cut) + ".ply", pyramid.substr(0, pyramid.size() - cut));
    const Result<ModelMesh> mesh = load_model(path);
    if (!mesh) {
      EXPECT_NE(refusal(path), "(loaded)");
      continue;
    }
    expect_well_formed(*mesh);
    expect_normalised(*mesh);
  }
  const std::string glb = testing::glb_tetrahedron();
  EXPECT_NE(refusal(write_bytes("cut.glb", glb.substr(0, glb.size() - 30))), "(loaded)");
}

namespace {

// A binary STL of `facets` triangles that share no corner: 50 bytes each, and work for every
// vertex Assimp's post-processing joins.
std::string many_facets_stl(std::uint32_t facets) {
  std::string bytes(80, ' ');
  testing::append_raw(bytes, facets);
  bytes.reserve(bytes.size() + std::size_t{50} * facets);
  for (std::uint32_t f = 0; f < facets; ++f) {
    for (int i = 0; i < 3; ++i) testing::append_raw(bytes, 0.f);
    const float x = static_cast<float>(f % 1000), y = static_cast<float>(f / 1000);
    for (const float corner : {x, y, 0.f, x + 1, y, 0.f, x, y + 1, 1.f}) testing::append_raw(bytes, corner);
    testing::append_raw(bytes, std::uint16_t{0});
  }
  return bytes;
}

}  // namespace

TEST(ModelLoad, AReaderThatNeverFinishesIsGivenUpAtTheTimeLimit) {
  // Assimp 5.2 (Debian 12) loops for ever on a PLY header cut short, and 5.4 (Debian 13) refuses
  // it, so the test does not rely on a reader's bug: a million triangles cannot be read in 50 ms
  // on any machine. The reader runs in a child process, killed at the limit: the program goes on.
  const std::string path = write_bytes("million.stl", many_facets_stl(1'000'000));
  ModelLimits limits;
  limits.time = std::chrono::milliseconds(50);
  const auto started = std::chrono::steady_clock::now();
  EXPECT_EQ(refusal(path, limits), path + ": Assimp's reader took longer than 50 ms");
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(10));
}

TEST(ModelLoad, AFileWithoutTrianglesIsRefused) {
  const std::string points = write_bytes("points.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nl 1 2\nl 2 3\n");
  EXPECT_NE(refusal(points).find("no triangles; a model needs at least one"), std::string::npos) << refusal(points);
}

TEST(ModelLoad, TheTriangleLimitIsCheckedFromAssimpsCounts) {
  const std::string cube = write_bytes("twelve.obj", testing::obj_cube());
  ModelLimits limits;
  limits.max_triangles = 11;
  EXPECT_EQ(refusal(cube, limits), cube + ": 12 triangles; at most 11");
  limits.max_triangles = 12;
  EXPECT_EQ(loaded(cube, limits).triangle_count(), 12u);
}

TEST(ModelLoad, AMeshPlacedTwiceCountsTwiceAndNodesAreLimited) {
  const std::string path = write_bytes("twice.gltf", testing::gltf_tetrahedron(true));
  EXPECT_EQ(loaded(path).triangle_count(), 8u);
  ModelLimits limits;
  limits.max_triangles = 7;
  EXPECT_EQ(refusal(path, limits), path + ": 8 triangles; at most 7");
  limits = ModelLimits{};
  limits.max_nodes = 2;  // the root and one of the two
  EXPECT_EQ(refusal(path, limits), path + ": over 2 nodes; at most 2");
}

TEST(ModelLoad, AFileOverTheSizeLimitIsRefusedBeforeItIsRead) {
  // Sparse: 256 MiB + 1 of nothing takes no disk, and is refused by its size alone.
  const std::string path = write_bytes("huge.stl", "solid x\n");
  ASSERT_EQ(::truncate(path.c_str(), (off_t{256} << 20) + 1), 0);
  EXPECT_EQ(refusal(path), path + ": 268435457 bytes; at most 268435456");
  ModelLimits limits;
  limits.max_file_bytes = 10;
  const std::string small = write_bytes("eleven.obj", "v 0 0 0\nv 1");
  EXPECT_EQ(refusal(small, limits), small + ": 11 bytes; at most 10");
}

TEST(ModelLoad, NonFiniteAndPointLikeModelsAreRefused) {
  const std::string infinite = write_bytes("inf.obj", "v 0 0 0\nv 1e39 0 0\nv 0 1 0\nf 1 2 3\n");
  EXPECT_NE(refusal(infinite).find("not a finite number"), std::string::npos) << refusal(infinite);
  const std::string point = write_bytes("point.obj", "v 1 1 1\nv 1 1 1\nv 1 1 1\nf 1 2 3\n");
  EXPECT_NE(refusal(point).find("one point"), std::string::npos) << refusal(point);
}

TEST(ModelNormalise, CentresTheBoxAndScalesTheFarthestPointToOne) {
  ModelMesh mesh;
  mesh.positions = {{10, 20, 30}, {14, 20, 30}, {10, 22, 30}, {10, 20, 31}};
  const ModelMesh result = normalised(mesh);
  expect_normalised(result);
  // The box's centre (12, 21, 30.5) goes to the origin; (14, 22, 31) is farthest: sqrt(2^2 + 1 + 0.5^2).
  const float radius = std::sqrt(5.25f);
  EXPECT_NEAR(result.positions[0].x, -2.f / radius, 1e-6f);
  EXPECT_NEAR(result.positions[1].x, 2.f / radius, 1e-6f);
  EXPECT_NEAR(result.positions[3].z, 0.5f / radius, 1e-6f);
  // Shapes keep their proportions: one scale for all three axes.
  EXPECT_NEAR(glm::length(result.positions[1] - result.positions[0]), 4.f / radius, 1e-6f);
}

TEST(ModelNormalise, APointIsMovedToTheOriginAndNothingIsDividedByZero) {
  ModelMesh mesh;
  mesh.positions = {{3, 4, 5}, {3, 4, 5}};
  for (const glm::vec3& p : normalised(mesh).positions) EXPECT_EQ(p, glm::vec3(0.f));
  EXPECT_TRUE(normalised(ModelMesh{}).positions.empty());
}

TEST(ModelNormals, AreaWeightedAndUnitLength) {
  // Two triangles at a right angle sharing an edge; the larger one weighs twice as much.
  const std::vector<glm::vec3> positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 2}};
  const std::vector<std::uint32_t> indices = {0, 1, 2, 0, 3, 1};  // normals +z (area 1/2) and +y (area 1)
  const std::vector<glm::vec3> normals = vertex_normals(positions, indices);
  EXPECT_NEAR(glm::length(normals[0] - glm::normalize(glm::vec3(0, 2, 1))), 0.f, 1e-6f);
  EXPECT_NEAR(glm::length(normals[2] - glm::vec3(0, 0, 1)), 0.f, 1e-6f);
  EXPECT_NEAR(glm::length(normals[3] - glm::vec3(0, 1, 0)), 0.f, 1e-6f);
}

}  // namespace
}  // namespace stereocl
