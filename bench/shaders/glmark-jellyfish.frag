#version 100
// shaderdb: depth blend
precision mediump float;
uniform sampler2D Texture0;
uniform sampler2D Caustics;
uniform highp float Time;
varying vec2 TextureCoord;
varying vec3 WorldPos;
varying float Shading;

void main(void)
{
    vec4 base = texture2D(Texture0, TextureCoord);
    vec2 cuv = WorldPos.xz * 0.5 + vec2(sin(Time * 0.3), cos(Time * 0.2));
    vec4 caustic = texture2D(Caustics, cuv);
    vec3 color = base.rgb * Shading + caustic.rgb * 0.35;
    float fresnel = clamp(1.0 - abs(WorldPos.y) * 0.5, 0.0, 1.0);
    gl_FragColor = vec4(color, base.a * fresnel);
}
