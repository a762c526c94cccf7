#pragma once
// What Assimp may open while it reads a model: the files the model names (an OBJ's mtllib, a
// glTF's buffers and images) only from the model's own folder, each a regular file within the
// model's file limit. A glTF buffer of "../../../../etc/passwd" was read and drawn; an mtllib
// naming a 6 GB sparse file took the reader to 6 GB. Assimp decodes "data:" URIs itself, without
// opening anything, so those still work.
#include <assimp/DefaultIOSystem.h>

#include <cstdint>
#include <filesystem>
#include <string>

namespace stereocl {

class ModelFolderIo : public Assimp::DefaultIOSystem {
 public:
  // `model`: the model file; its folder (links resolved) is the only one read from.
  ModelFolderIo(const std::string& model, std::uint64_t max_file_bytes);

  bool Exists(const char* file) const override;
  Assimp::IOStream* Open(const char* file, const char* mode = "rb") override;

  // The first file refused and why, for the message ("" if none was).
  const std::string& refused() const { return refused_; }

 private:
  std::string refusal(const char* file) const;  // "" where the file may be read

  std::filesystem::path folder_;
  std::uint64_t max_file_bytes_;
  std::string refused_;
};

}  // namespace stereocl
