#version 100
attribute vec3 position;
attribute vec3 normal;
uniform mat4 ModelViewProjectionMatrix;
uniform mat4 NormalMatrix;
uniform mat4 LightMatrix;
varying vec4 ShadowCoord;
varying float Diffuse;

void main(void)
{
    vec3 N = normalize(vec3(NormalMatrix * vec4(normal, 1.0)));
    Diffuse = max(dot(N, vec3(0.0, 0.7071, 0.7071)), 0.0);
    ShadowCoord = LightMatrix * vec4(position, 1.0);
    gl_Position = ModelViewProjectionMatrix * vec4(position, 1.0);
}
