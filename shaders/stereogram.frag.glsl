#version 330 core
// Draws the autostereogram, one fragment a pixel (GL 3.3 contexts; stereogram.comp.glsl where
// compute shaders exist). stereogram_colour() comes from stereogram_colour.glsl, placed after
// the #version line by StereogramCompositor.
out vec4 colour;

void main() { colour = vec4(stereogram_colour(ivec2(gl_FragCoord.xy)), 1.0); }
