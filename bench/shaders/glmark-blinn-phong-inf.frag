#version 100
// shaderdb: depth
precision mediump float;
uniform vec4 LightSourcePosition;
uniform vec3 LightSourceHalfVector;
uniform vec4 LightSourceAmbient;
uniform vec4 LightSourceDiffuse;
uniform vec4 LightSourceSpecular;
uniform vec4 MaterialAmbient;
uniform vec4 MaterialDiffuse;
uniform vec4 MaterialSpecular;
uniform float MaterialShininess;
varying vec3 Normal;

void main(void)
{
    vec3 N = normalize(Normal);
    vec3 L = normalize(LightSourcePosition.xyz);
    vec3 H = normalize(LightSourceHalfVector);
    vec4 ambient = LightSourceAmbient * MaterialAmbient;
    vec4 diffuse = LightSourceDiffuse * MaterialDiffuse * max(dot(N, L), 0.0);
    vec4 specular = LightSourceSpecular * MaterialSpecular *
                    pow(max(dot(N, H), 0.0), MaterialShininess);
    gl_FragColor = ambient + diffuse + specular;
}
