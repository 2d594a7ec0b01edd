// Built-ins: most are one IR op; asin/acos/atan are polynomials; mod, tan,
// exp, log, reflect and refract are built from IR ops.
precision mediump float;
uniform vec3 v;
uniform vec3 nrm;
void main() {
	float a = atan(v.x, v.y) + asin(v.z);
	vec3 r = reflect(v, nrm) + refract(v, nrm, 0.5);
	vec3 m = mod(v, 2.0) + clamp(v, 0.0, 1.0) + mix(v, nrm, 0.5);
	gl_FragColor = vec4(r + m, a + exp(v.x) + tan(v.y) + length(v));
}
