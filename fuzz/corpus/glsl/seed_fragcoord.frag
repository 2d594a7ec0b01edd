// gl_FragCoord has y up: H - y with H from the uniform gl_RenderHeight the
// driver fills; gl_FrontFacing, gl_PointCoord and gl_FragData[0].
precision mediump float;
void main() {
	vec4 fc = gl_FragCoord;
	float f = gl_FrontFacing ? 1.0 : 0.5;
	gl_FragData[0] = vec4(fc.xy * 0.01, gl_PointCoord.x, f * fc.w);
}
