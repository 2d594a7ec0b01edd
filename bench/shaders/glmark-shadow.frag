#version 100
// shaderdb: depth
precision mediump float;
uniform sampler2D ShadowMap;
uniform vec4 MaterialDiffuse;
varying vec4 ShadowCoord;
varying float Diffuse;

void main(void)
{
    vec3 sc = ShadowCoord.xyz / ShadowCoord.w;
    float bias = 0.005;
    float lit = 0.0;
    lit += texture2D(ShadowMap, sc.xy + vec2(-0.001, -0.001)).x + bias < sc.z ? 0.0 : 0.25;
    lit += texture2D(ShadowMap, sc.xy + vec2(0.001, -0.001)).x + bias < sc.z ? 0.0 : 0.25;
    lit += texture2D(ShadowMap, sc.xy + vec2(-0.001, 0.001)).x + bias < sc.z ? 0.0 : 0.25;
    lit += texture2D(ShadowMap, sc.xy + vec2(0.001, 0.001)).x + bias < sc.z ? 0.0 : 0.25;
    gl_FragColor = MaterialDiffuse * (0.2 + 0.8 * Diffuse * lit);
}
