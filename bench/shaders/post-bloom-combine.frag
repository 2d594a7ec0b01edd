#version 100
precision mediump float;
uniform sampler2D Scene;
uniform sampler2D Bloom;
uniform sampler2D Dirt;
uniform float BloomStrength;
varying vec2 uv;

void main()
{
    vec3 scene = texture2D(Scene, uv).rgb;
    vec3 bloom = texture2D(Bloom, uv).rgb;
    vec3 dirt = texture2D(Dirt, uv).rgb;
    vec3 col = scene + bloom * BloomStrength + bloom * dirt * BloomStrength * 0.5;
    gl_FragColor = vec4(col / (1.0 + col), 1.0);
}
