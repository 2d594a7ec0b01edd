#version 100
precision mediump float;
uniform int front;
uniform int back;

const vec4 c = vec4(1.0, 0.0, 0.0, 0.0);
void main()
{
	int f = gl_FrontFacing ? 1 : -1;
	if (f == front) {
		gl_FragColor = c.yxyx;
	} else if (f == back) {
		gl_FragColor = c.yyxx;
	} else {
		gl_FragColor = c.xyyx;
	}
}

