#version 100
attribute vec3 position;
attribute vec3 normal;
attribute vec2 texcoord;
attribute vec4 bone_index;
attribute vec4 bone_weight;
uniform mat4 u_view_projection;
uniform mat4 u_bones[12];
varying vec3 v_normal;
varying vec2 v_uv;

void main()
{
    mat4 skin = u_bones[int(bone_index.x)] * bone_weight.x +
                u_bones[int(bone_index.y)] * bone_weight.y +
                u_bones[int(bone_index.z)] * bone_weight.z +
                u_bones[int(bone_index.w)] * bone_weight.w;
    vec4 world = skin * vec4(position, 1.0);
    v_normal = (skin * vec4(normal, 0.0)).xyz;
    v_uv = texcoord;
    gl_Position = u_view_projection * world;
}
