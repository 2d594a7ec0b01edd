#version 100
attribute vec2 position;
uniform vec2 TexelSize;
varying vec2 Tex0;
varying vec4 TexA;
varying vec4 TexB;

void main()
{
    vec2 uv = position * 0.5 + 0.5;
    Tex0 = uv;
    TexA = vec4(uv - vec2(TexelSize.x * 1.3846, 0.0), uv + vec2(TexelSize.x * 1.3846, 0.0));
    TexB = vec4(uv - vec2(TexelSize.x * 3.2308, 0.0), uv + vec2(TexelSize.x * 3.2308, 0.0));
    gl_Position = vec4(position, 0.0, 1.0);
}
