#version 100
attribute vec3 position;
attribute vec4 vtxcolor;
attribute vec2 texcoord;
uniform mat4 ModelViewProjectionMatrix;
uniform float Time;
varying vec4 Color;
varying vec2 TextureCoord;

void main(void)
{
    float scale = 1.0 + 0.25 * sin(Time * 3.0 + position.y * 2.0);
    Color = vtxcolor;
    TextureCoord = texcoord;
    gl_Position = ModelViewProjectionMatrix * vec4(position * scale, 1.0);
}
