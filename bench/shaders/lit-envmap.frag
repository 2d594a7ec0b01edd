#version 100
// shaderdb: depth
precision mediump float;
uniform samplerCube u_env;
uniform vec3 u_tint;
varying vec3 v_reflect;
varying vec3 v_refract;
varying float v_fresnel;

void main()
{
    vec3 refl = textureCube(u_env, v_reflect).rgb;
    vec3 refr = textureCube(u_env, v_refract).rgb * u_tint;
    gl_FragColor = vec4(mix(refr, refl, clamp(v_fresnel, 0.0, 1.0)), 1.0);
}
