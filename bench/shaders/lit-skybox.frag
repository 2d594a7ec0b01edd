#version 100
// shaderdb: depth
precision mediump float;
uniform samplerCube u_sky;
uniform float u_exposure;
varying vec3 v_dir;

void main()
{
    vec3 c = textureCube(u_sky, v_dir).rgb * u_exposure;
    gl_FragColor = vec4(c / (c + 1.0), 1.0);
}
