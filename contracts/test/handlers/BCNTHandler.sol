// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "../utils/Test.sol";
import {BCNT} from "../../src/BCNT.sol";

/// @notice Drives BCNT with bounded transfers, approvals and transferFroms among a fixed set of
/// holders, so the invariant suite can check the sum of all balances.
contract BCNTHandler is Test {
    BCNT public immutable token;
    address[] internal holders;

    uint256 public transfers;
    uint256 public transferFroms;

    constructor(BCNT token_, address treasury) {
        token = token_;
        holders.push(treasury);
        holders.push(makeAddr("holder-1"));
        holders.push(makeAddr("holder-2"));
        holders.push(makeAddr("holder-3"));
        holders.push(makeAddr("holder-4"));
    }

    function holderCount() external view returns (uint256) {
        return holders.length;
    }

    function holderAt(uint256 index) external view returns (address) {
        return holders[index];
    }

    function _holder(uint256 seed) internal view returns (address) {
        return holders[seed % holders.length];
    }

    function transfer(uint256 fromSeed, uint256 toSeed, uint256 amount) external {
        address from = _holder(fromSeed);
        address to = _holder(toSeed);
        amount = bound(amount, 0, token.balanceOf(from));
        vm.prank(from);
        assertTrue(token.transfer(to, amount), "handler transfer returns true");
        transfers++;
    }

    function approve(uint256 ownerSeed, uint256 spenderSeed, uint256 amount) external {
        address owner = _holder(ownerSeed);
        address spender = _holder(spenderSeed);
        vm.prank(owner);
        assertTrue(token.approve(spender, amount), "handler approve returns true");
    }

    function transferFrom(uint256 ownerSeed, uint256 spenderSeed, uint256 toSeed, uint256 amount) external {
        address owner = _holder(ownerSeed);
        address spender = _holder(spenderSeed);
        address to = _holder(toSeed);
        uint256 allowed = token.allowance(owner, spender);
        uint256 balance = token.balanceOf(owner);
        amount = bound(amount, 0, allowed < balance ? allowed : balance);
        vm.prank(spender);
        assertTrue(token.transferFrom(owner, to, amount), "handler transferFrom returns true");
        transferFroms++;
    }
}
