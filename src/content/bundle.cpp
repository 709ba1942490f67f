#include "bundle.hpp"

#include "content_files.inc"  // generated: kFiles[] and kFileCount

namespace posenc::content {

const BundledFile* bundled_files(int* count) {
  *count = kFileCount;
  return kFiles;
}

const BundledFile* find_bundled(std::string_view lang, std::string_view stem) {
  for (int i = 0; i < kFileCount; ++i) {
    const BundledFile& f = kFiles[i];
    if (f.lang == lang && f.name.size() == stem.size() + 3 && f.name.substr(0, stem.size()) == stem)
      return &f;
  }
  return nullptr;
}

}  // namespace posenc::content
