// Uniform structs and arrays flatten to one IR uniform per leaf; an index
// that is not constant reads through a select chain and writes under ifs.
precision mediump float;
struct Light { vec3 color; float k; };
uniform Light lights[2];
uniform float w[3];
uniform int which;
void main() {
	float a[3];
	a[which] = w[which];
	vec3 c = lights[1].color * lights[0].k;
	gl_FragColor = vec4(c, a[2]);
}
