#version 100
// shaderdb: blend
precision mediump float;
uniform sampler2D Texture0;
varying vec4 Color;
varying vec2 TextureCoord;

void main(void)
{
    gl_FragColor = Color * texture2D(Texture0, TextureCoord);
}
