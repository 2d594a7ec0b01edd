#version 100
// Per-vertex diffuse lighting of a model, as a benchmark's "build" scene does.
attribute vec3 position;
attribute vec3 normal;
uniform mat4 ModelViewProjectionMatrix;
uniform mat4 NormalMatrix;
uniform vec4 LightSourcePosition;
uniform vec3 MaterialDiffuse;
varying vec4 Color;

void main(void)
{
    vec3 N = normalize(vec3(NormalMatrix * vec4(normal, 1.0)));
    vec3 L = normalize(LightSourcePosition.xyz);
    float diffuse = max(dot(N, L), 0.0);
    vec3 ambient = 0.1 * MaterialDiffuse;
    Color = vec4(ambient + diffuse * MaterialDiffuse, 1.0);
    gl_Position = ModelViewProjectionMatrix * vec4(position, 1.0);
}
