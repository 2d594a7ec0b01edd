#version 100
// shaderdb: depth
precision mediump float;
uniform sampler2D MaterialTexture0;
varying vec2 TextureCoord;
varying float Diffuse;

void main(void)
{
    vec4 texel = texture2D(MaterialTexture0, TextureCoord);
    gl_FragColor = vec4(texel.rgb * (0.2 + 0.8 * Diffuse), texel.a);
}
