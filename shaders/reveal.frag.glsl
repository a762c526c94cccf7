#version 330 core
// The reveal: the finished picture mixed with the scene it hides (render/reveal_blend.hpp).
uniform sampler2D picture;  // RGBA8, the picture's size
uniform sampler2D scene;    // RGBA8, the scene's size: the picture less its strip
uniform int strip;          // the picture's columns left of the scene (lookup's pattern strip)
uniform float amount;       // 0: the picture, 1: the scene

out vec4 colour;

void main() {
  ivec2 pixel = ivec2(gl_FragCoord.xy);
  vec3 shown = texelFetch(picture, pixel, 0).rgb;
  ivec2 at = pixel - ivec2(strip, 0);
  vec3 hidden = at.x >= 0 ? texelFetch(scene, at, 0).rgb : vec3(0.0);
  colour = vec4(mix(shown, hidden, amount), 1.0);
}
