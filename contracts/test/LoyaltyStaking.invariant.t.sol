// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "./utils/Test.sol";
import {BCNT} from "../src/BCNT.sol";
import {LoyaltyStaking} from "../src/LoyaltyStaking.sol";
import {LoyaltyStakingHandler} from "./handlers/LoyaltyStakingHandler.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// @notice The staking contract stays solvent under random stake / requestUnstake / withdraw
/// sequences with time warps.
contract LoyaltyStakingInvariantTest is Test {
    BCNT internal bcnt;
    LoyaltyStaking internal staking;
    LoyaltyStakingHandler internal handler;
    address[] private targets;

    function setUp() public {
        address treasury = makeAddr("treasury");
        bcnt = new BCNT(treasury);
        staking = new LoyaltyStaking(IERC20(address(bcnt)), makeAddr("owner"));
        handler = new LoyaltyStakingHandler(bcnt, staking, treasury);
        targets.push(address(handler));
    }

    function targetContracts() public view returns (address[] memory) {
        return targets;
    }

    /// @dev One invariant function (each costs a full campaign): the BCNT balance covers staked
    /// plus pending, and the per-account amounts add up to the totals.
    function invariant_BalanceCoversStakedPlusPending() public view {
        uint256 balance = bcnt.balanceOf(address(staking));
        assertGe(balance, staking.totalStaked() + staking.totalPending(), "balance covers staked + pending");
        uint256 staked;
        uint256 pending;
        for (uint256 i = 0; i < handler.actorCount(); i++) {
            staked += staking.stakedOf(handler.actorAt(i));
            pending += staking.pendingOf(handler.actorAt(i));
        }
        assertEq(staked, staking.totalStaked(), "per-account stakes add up to totalStaked");
        assertEq(pending, staking.totalPending(), "per-account pending adds up to totalPending");
        assertEq(balance, staked + pending, "no tokens are created or lost");
    }
}
