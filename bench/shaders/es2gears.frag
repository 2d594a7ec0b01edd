#version 100
// shaderdb: depth
precision mediump float;
varying vec4 Color;

void main(void)
{
    gl_FragColor = Color;
}
