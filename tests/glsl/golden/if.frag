// if/else maps to IR if/else; variables are locals.
precision mediump float;
uniform float x;
void main() {
	vec4 c = vec4(0.0);
	if (x > 0.5) {
		c.r = 1.0;
	} else if (x < 0.25)
		c.g = 1.0;
	else
		discard;
	gl_FragColor = c;
}
