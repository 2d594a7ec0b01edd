#version 100
precision mediump float;
varying vec2 pos;
const float pi = 3.14159265358979323846;
void main()
{
	/* Convert input value on [-1,1] to [-pi,pi] */
	float angle = pi * pos.x;

	float t = tan(angle);
	if (pos.y < -.667)
		gl_FragColor = vec4(vec3(pos.x / 2.0 + 0.5), 1.0);
	else if (pos.y < -.333) {
		float at = atan(t);
		gl_FragColor = vec4(vec3((at / (2.0 * pi)) + 0.5), 1.0);
	} else if (pos.y < 0.0) {
		float sgn = (abs(angle) > (pi / 2.0)) ? -1.0 : 1.0;
		float at = atan(sgn * t, sgn);

		gl_FragColor = vec4(vec3((at / (2.0 * pi)) + 0.5), 1.0);
	} else {
		gl_FragColor = vec4(vec3((t / 10.0) + 0.5), 1.0);
	}
}

