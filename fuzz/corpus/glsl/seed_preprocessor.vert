#version 100
// Macros with arguments, conditionals and the built-in macros.
#define SCALE(v, k) ((v) * (k))
#define HAS_COLOR
#if defined(HAS_COLOR) && __VERSION__ == 100 && GL_ES
attribute vec4 color;
varying vec4 c;
#endif
attribute vec4 pos;
void main() {
#ifdef HAS_COLOR
	c = SCALE(color, 0.5);
#else
	c = vec4(1.0);
#endif
	gl_Position = SCALE(pos, float(__LINE__));
}
