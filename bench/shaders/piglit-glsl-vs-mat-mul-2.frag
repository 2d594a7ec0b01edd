#version 100
precision mediump float;
uniform vec4 arg1;
varying mat4 mat;

void main()
{
	gl_FragColor = mat * arg1;
}

