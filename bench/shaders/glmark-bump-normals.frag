#version 100
// shaderdb: depth
precision mediump float;
uniform sampler2D NormalMap;
uniform mat4 NormalMatrix;
uniform vec4 LightSourcePosition;
uniform vec3 LightSourceHalfVector;
varying vec2 TextureCoord;

void main(void)
{
    vec3 n = texture2D(NormalMap, TextureCoord).xyz * 2.0 - 1.0;
    vec3 N = normalize(vec3(NormalMatrix * vec4(n, 1.0)));
    vec3 L = normalize(LightSourcePosition.xyz);
    vec3 H = normalize(LightSourceHalfVector);
    float diffuse = max(dot(N, L), 0.0);
    float specular = pow(max(dot(N, H), 0.0), 100.0);
    gl_FragColor = vec4(vec3(0.1 + 0.7 * diffuse) + vec3(0.5 * specular), 1.0);
}
