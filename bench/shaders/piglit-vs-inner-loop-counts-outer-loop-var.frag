#version 100
precision mediump float;
varying vec4 color;

void main()
{
  gl_FragColor = color;
}

