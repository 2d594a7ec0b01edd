#version 100
attribute vec3 position;
uniform mat4 ModelViewProjectionMatrix;
varying vec4 dummy;

void main(void)
{
    dummy = vec4(1.0);
    gl_Position = ModelViewProjectionMatrix * vec4(position, 1.0);
}
