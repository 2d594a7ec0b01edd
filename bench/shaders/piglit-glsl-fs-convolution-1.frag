#version 100
precision mediump float;
varying vec4 texcoords;
uniform sampler2D tex;

#define FILTER_SIZE 32
uniform vec2 o[FILTER_SIZE];
uniform float c[FILTER_SIZE];

/* Testcase from Owen Taylor of a shader being experimented with in
 * gnome-shell that failed on i965 due to register allocation.
 */
void main()
{
	vec4 value = vec4(0.0);
	for (int i = 0; i < FILTER_SIZE; i++) {
		value += c[i] * texture2D(tex, texcoords.xy + o[i]);
	}

	gl_FragColor = value;
}

