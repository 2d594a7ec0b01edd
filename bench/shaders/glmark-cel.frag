#version 100
// shaderdb: depth
precision mediump float;
uniform vec4 LightSourcePosition;
uniform vec4 MaterialDiffuse;
uniform vec4 OutlineColor;
varying vec3 Normal;
varying vec3 EyePos;

void main(void)
{
    vec3 N = normalize(Normal);
    vec3 L = normalize(LightSourcePosition.xyz - EyePos);
    vec3 V = normalize(-EyePos);
    float intensity = max(dot(N, L), 0.0);
    vec4 color;
    if (intensity > 0.95)
        color = MaterialDiffuse;
    else if (intensity > 0.5)
        color = MaterialDiffuse * 0.7;
    else if (intensity > 0.25)
        color = MaterialDiffuse * 0.4;
    else
        color = MaterialDiffuse * 0.2;
    float rim = 1.0 - max(dot(N, V), 0.0);
    gl_FragColor = mix(color, OutlineColor, step(0.8, rim));
}
