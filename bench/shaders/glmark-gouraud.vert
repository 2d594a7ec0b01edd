#version 100
attribute vec3 position;
attribute vec3 normal;
uniform mat4 ModelViewProjectionMatrix;
uniform mat4 ModelViewMatrix;
uniform mat4 NormalMatrix;
uniform vec4 LightSourcePosition;
uniform vec4 LightSourceAmbient;
uniform vec4 LightSourceDiffuse;
uniform vec4 LightSourceSpecular;
uniform vec4 MaterialAmbient;
uniform vec4 MaterialDiffuse;
uniform vec4 MaterialSpecular;
uniform float MaterialShininess;
varying vec4 Color;

void main(void)
{
    vec3 N = normalize(vec3(NormalMatrix * vec4(normal, 1.0)));
    vec4 eyePos = ModelViewMatrix * vec4(position, 1.0);
    vec3 L = normalize(LightSourcePosition.xyz - eyePos.xyz);
    vec3 E = normalize(-eyePos.xyz);
    vec3 H = normalize(L + E);
    float nDotL = max(dot(N, L), 0.0);
    float nDotH = max(dot(N, H), 0.0);
    vec4 ambient = LightSourceAmbient * MaterialAmbient;
    vec4 diffuse = LightSourceDiffuse * MaterialDiffuse * nDotL;
    vec4 specular = LightSourceSpecular * MaterialSpecular * pow(nDotH, MaterialShininess);
    Color = ambient + diffuse + specular;
    gl_Position = ModelViewProjectionMatrix * vec4(position, 1.0);
}
