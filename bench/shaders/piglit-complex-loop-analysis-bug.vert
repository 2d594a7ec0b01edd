#version 100
attribute vec4 piglit_vertex;
varying vec4 foo[1];
void main(){
  gl_Position = piglit_vertex;
  foo[0] = vec4(0.0);
}

