#version 100
attribute vec3 position;
attribute vec3 normal;
attribute vec3 tangent;
attribute vec2 texcoord;
uniform mat4 ModelViewProjectionMatrix;
uniform mat4 NormalMatrix;
varying vec2 TextureCoord;
varying vec3 NormalEye;
varying vec3 TangentEye;
varying vec3 BitangentEye;

void main(void)
{
    TextureCoord = texcoord;
    NormalEye = normalize(vec3(NormalMatrix * vec4(normal, 1.0)));
    TangentEye = normalize(vec3(NormalMatrix * vec4(tangent, 1.0)));
    BitangentEye = cross(NormalEye, TangentEye);
    gl_Position = ModelViewProjectionMatrix * vec4(position, 1.0);
}
