#version 100
// shaderdb: depth
precision mediump float;
uniform vec4 LightSourcePosition;
uniform vec4 LightColor;
uniform vec4 MaterialDiffuse;
uniform vec4 MaterialSpecular;
uniform float MaterialShininess;
varying vec3 Normal;
varying vec3 EyePos;

void main(void)
{
    vec3 N = normalize(Normal);
    vec3 L = normalize(LightSourcePosition.xyz - EyePos);
    vec3 V = normalize(-EyePos);
    vec3 R = reflect(-L, N);
    float diffuse = max(dot(N, L), 0.0);
    float specular = diffuse > 0.0 ? pow(max(dot(R, V), 0.0), MaterialShininess) : 0.0;
    gl_FragColor = LightColor * (0.1 + MaterialDiffuse * diffuse) +
                   MaterialSpecular * specular;
}
