#version 330 core
// The z-only depth pass: the depth buffer is all it writes, so the fragment stage has nothing to
// do, and with nothing to do drivers skip shading. On a GPU with little raster hardware (fragments
// run on few units, compute on all) shading is most of what a depth pass costs; the linear
// depth the stereogram reads comes afterwards from linear_depth.comp.glsl, a compute pass.
void main() {}
