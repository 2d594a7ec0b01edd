// Varyings narrowed to the components read: tc is read only as .xy and .x
// (vec4 -> vec2), n through .xz (a lane past y is read: vec3), and c whole
// (stays vec4).
precision mediump float;
varying vec4 tc;
varying vec4 n;
varying vec4 c;
void main() {
	gl_FragColor = vec4(tc.xy, tc.x, n.z) + n.x + c;
}
