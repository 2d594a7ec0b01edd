#version 100
attribute vec3 position;
attribute vec3 normal;
uniform mat4 ModelViewProjectionMatrix;
uniform mat4 ModelViewMatrix;
uniform mat4 NormalMatrix;
varying vec3 Normal;
varying vec3 EyePos;

void main(void)
{
    Normal = vec3(NormalMatrix * vec4(normal, 1.0));
    EyePos = vec3(ModelViewMatrix * vec4(position, 1.0));
    gl_Position = ModelViewProjectionMatrix * vec4(position, 1.0);
}
