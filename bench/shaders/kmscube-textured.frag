#version 100
// shaderdb: depth
precision mediump float;
uniform sampler2D uTex;
varying vec4 vVaryingColor;
varying vec2 vTexCoord;

void main()
{
    gl_FragColor = vVaryingColor * 0.25 + texture2D(uTex, vTexCoord) * 0.75;
}
