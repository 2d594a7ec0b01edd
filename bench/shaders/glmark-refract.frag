#version 100
// shaderdb: depth
precision mediump float;
uniform sampler2D DistanceMap;
uniform sampler2D NormalMap;
uniform sampler2D ImageMap;
uniform vec4 LightSourcePosition;
uniform vec4 LightColor;
varying vec3 Normal;
varying vec3 EyePos;
varying vec4 ScreenPos;

void main(void)
{
    vec3 N = normalize(Normal);
    vec3 I = normalize(EyePos);
    vec2 screen = ScreenPos.xy / ScreenPos.w * 0.5 + 0.5;
    float thickness = texture2D(DistanceMap, screen).x - ScreenPos.z / ScreenPos.w;
    vec3 T = refract(I, N, 1.0 / 1.2);
    vec2 exitCoord = screen + T.xy * thickness * 0.5;
    vec3 N2 = texture2D(NormalMap, exitCoord).xyz * 2.0 - 1.0;
    vec3 T2 = refract(T, -N2, 1.2);
    vec4 image = texture2D(ImageMap, exitCoord + T2.xy * 0.1);
    vec3 L = normalize(LightSourcePosition.xyz - EyePos);
    float spec = pow(max(dot(reflect(-L, N), -I), 0.0), 32.0);
    gl_FragColor = image * 0.9 + LightColor * spec;
}
