// The platform's OpenGL: ES 3 / WebGL2 headers on the web, desktop OpenGL 3 (with the extension
// prototypes) elsewhere. Only the GL files of src/app include it.
#pragma once

#if defined(__EMSCRIPTEN__)
#include <GLES3/gl3.h>
#else
#define GL_GLEXT_PROTOTYPES
#include <GL/gl.h>
#include <GL/glext.h>
#endif
