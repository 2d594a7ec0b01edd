#version 100
precision mediump float;
varying vec2 tc1;
varying vec2 tc2;
uniform sampler2D tex1;
uniform sampler2D tex2;

vec4 blend_textures(sampler2D t1, vec2 tc1, sampler2D t2, vec2 tc2, float mixFactor)
{
	return mix(texture2D(t1, tc1), texture2D(t2, tc2), mixFactor);
}

void main()
{
	gl_FragColor = blend_textures(tex1, tc1, tex2, tc2, 0.5);
}

