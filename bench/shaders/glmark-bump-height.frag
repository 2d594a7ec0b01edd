#version 100
// shaderdb: depth
precision mediump float;
uniform sampler2D HeightMap;
uniform vec2 TexelSize;
uniform vec4 LightSourcePosition;
uniform vec3 LightSourceHalfVector;
varying vec2 TextureCoord;
varying vec3 NormalEye;
varying vec3 TangentEye;
varying vec3 BitangentEye;

void main(void)
{
    float h = texture2D(HeightMap, TextureCoord).x;
    float hx = texture2D(HeightMap, TextureCoord + vec2(TexelSize.x, 0.0)).x;
    float hy = texture2D(HeightMap, TextureCoord + vec2(0.0, TexelSize.y)).x;
    vec3 bump = normalize(vec3((h - hx) * 8.0, (h - hy) * 8.0, 1.0));
    mat3 tbn = mat3(normalize(TangentEye), normalize(BitangentEye), normalize(NormalEye));
    vec3 N = tbn * bump;
    vec3 L = normalize(LightSourcePosition.xyz);
    vec3 H = normalize(LightSourceHalfVector);
    float diffuse = max(dot(N, L), 0.0);
    float specular = pow(max(dot(N, H), 0.0), 64.0);
    gl_FragColor = vec4(vec3(0.1 + 0.8 * diffuse + 0.4 * specular), 1.0);
}
