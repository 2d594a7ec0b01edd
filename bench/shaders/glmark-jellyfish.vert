#version 100
attribute vec3 position;
attribute vec3 normal;
attribute vec3 texcoord;
uniform mat4 ModelViewProjectionMatrix;
uniform mat4 NormalMatrix;
uniform float Time;
uniform vec3 LightPosition;
varying vec2 TextureCoord;
varying vec3 WorldPos;
varying float Shading;

void main(void)
{
    vec3 pos = position;
    float wave = sin(Time * 2.0 - pos.y * 4.0) * 0.08 * (1.0 - texcoord.z);
    pos.x += wave * pos.x;
    pos.z += wave * pos.z;
    vec3 N = normalize(vec3(NormalMatrix * vec4(normal, 1.0)));
    Shading = 0.3 + 0.7 * max(dot(N, normalize(LightPosition)), 0.0);
    TextureCoord = texcoord.xy;
    WorldPos = pos;
    gl_Position = ModelViewProjectionMatrix * vec4(pos, 1.0);
}
